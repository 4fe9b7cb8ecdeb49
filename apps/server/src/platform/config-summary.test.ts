import { describe, expect, it } from 'vitest';
import { loadSettings } from '../settings';
import { configSummary, maskedAddress } from './config-summary';

const node = { name: 'web-1', pid: 4242, listening: '0.0.0.0:8080', demoData: false, sealKeyFile: '/srv/portal/data/tender-seal.key' };

describe('the start-up configuration line', () => {
  it('names the database, Redis, node, demo data and log level on one line', () => {
    const line = configSummary(
      loadSettings({
        DATABASE_URL: 'postgres://portal:pw@db.internal:5433/portal',
        REDIS_URL: 'redis://cache.internal:6380/2',
        LOG_LEVEL: 'warn',
        DEMO_DATA: 'off',
      }),
      node,
    );
    expect(line).not.toContain('\n');
    expect(line).toContain('database postgres portal:***@db.internal:5433/portal (pool 4)');
    expect(line).toContain('redis cache.internal:6380/2');
    expect(line).toContain('node web-1 pid 4242 on 0.0.0.0:8080');
    expect(line).toContain('demo data off');
    expect(line).toContain('log level warn');
    expect(line).toContain('tender sealing key: file /srv/portal/data/tender-seal.key');

    const sqlite = configSummary(loadSettings({ DATA_DIR: '/srv/portal/data' }), { ...node, demoData: true });
    expect(sqlite).toContain('database sqlite /srv/portal/data/portal.sqlite');
    expect(sqlite).toContain('redis none');
    expect(sqlite).toContain('demo data on');
  });

  it('never shows a password of DATABASE_URL or REDIS_URL, nor the sealing key', () => {
    const secrets = ['S3cr3t-pg', 'S3cr3t-redis', 'S3cr3t-query', 'S3cr3t%2Fslash', 'S3cr3t/slash'];
    const key = Buffer.alloc(32, 7).toString('base64');
    const cases: Record<string, string>[] = [
      { DATABASE_URL: 'postgres://portal:S3cr3t-pg@db:5432/portal', REDIS_URL: 'redis://:S3cr3t-redis@cache:6379' },
      { DATABASE_URL: 'postgresql://portal:S3cr3t%2Fslash@db/portal', REDIS_URL: 'rediss://default:S3cr3t-redis@cache:6380/0' },
      { DATABASE_URL: 'postgres://db/portal?user=portal&password=S3cr3t-query', REDIS_URL: 'redis://cache?password=S3cr3t-query' },
    ];
    for (const env of cases) {
      const line = configSummary(loadSettings({ ...env, TENDER_SEAL_KEY: key }), node);
      for (const secret of [...secrets, key]) expect(line, JSON.stringify(env)).not.toContain(secret);
      expect(line).toContain('tender sealing key: the TENDER_SEAL_KEY setting');
    }
  });

  it('masks an address it cannot read instead of printing it', () => {
    expect(maskedAddress('postgres://a b:S3cr3t@[bad')).toBe('(an address that does not parse)');
    expect(maskedAddress('redis://:only-password@cache:6379')).toBe(':***@cache:6379');
  });
});
