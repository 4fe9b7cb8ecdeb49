import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSettings, publicSettings, SETTING_DEFS, SettingsError } from './settings';

describe('settings', () => {
  it('has a documented default for every setting', () => {
    const s = loadSettings({});
    expect(s.PORT).toBe(8080);
    expect(s.HOST).toBe('127.0.0.1');
    expect(publicSettings(s).theme).toBe('lightblue');
  });

  it('stops with a message naming each bad setting', () => {
    expect(() => loadSettings({ PORT: 'eighty', TENANT_MODE: 'maybe' })).toThrow(SettingsError);
    try {
      loadSettings({ PORT: 'eighty', TENANT_MODE: 'maybe' });
    } catch (err) {
      expect(String(err)).toMatch(/PORT=/);
      expect(String(err)).toMatch(/TENANT_MODE=/);
    }
  });

  it('refuses test hooks in production and inconsistent password rules', () => {
    expect(() => loadSettings({ NODE_ENV: 'production', TEST_HOOKS: 'on', SMS_PROVIDER: 'outbox' })).toThrow(/TEST_HOOKS/);
    expect(() => loadSettings({ PASSWORD_MIN_LENGTH: '12', PASSWORD_MAX_LENGTH: '8' })).toThrow(/PASSWORD_MIN_LENGTH/);
  });

  it('are each listed in the README with their default', () => {
    const readme = fs.readFileSync(path.resolve(import.meta.dirname, '../../../README.md'), 'utf8');
    for (const [name, def] of Object.entries(SETTING_DEFS)) {
      const shown = def.default === '' ? '(empty)' : `\`${def.default}\``;
      expect(readme, name).toMatch(new RegExp(`^\\| \`${name}\` +\\| ${shown.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} +\\|`, 'm'));
    }
  });
});
