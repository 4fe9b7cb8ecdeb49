import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contractEndpoints } from './contract-endpoints';
import { HAPROXY_BIN, HAPROXY_CFG, renderHaproxyConfig } from './haproxy';

/**
 * ops/haproxy.cfg against the server it fronts: every live stream the contracts declare goes to
 * the proxy's stream backend (buffered or cut after 30 s otherwise), and the file, as operators
 * install it and as the tests run it, is one HAProxy accepts.
 */
describe('ops/haproxy.cfg', () => {
  const text = fs.readFileSync(HAPROXY_CFG, 'utf8');

  it('sends every Server-Sent Events endpoint to the streams backend', async () => {
    const suffixes = [...text.matchAll(/^\s*acl live_stream path_end (\S+)/gm)].map((m) => m[1]!);
    expect(text).toMatch(/^\s*use_backend streams if live_stream/m);
    const streams = (await contractEndpoints()).filter((e) => /Server-Sent Events/.test(e.summary));
    expect(streams.length).toBeGreaterThanOrEqual(2);
    for (const e of streams)
      expect(
        suffixes.some((s) => e.path.endsWith(s)),
        e.path,
      ).toBe(true);
  });

  it.skipIf(!fs.existsSync(HAPROXY_BIN))('is valid as installed and as the tests render it', () => {
    execFileSync(HAPROXY_BIN, ['-c', '-q', '-f', HAPROXY_CFG]);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'haproxy-check-'));
    try {
      const rendered = path.join(dir, 'haproxy.cfg');
      fs.writeFileSync(rendered, renderHaproxyConfig({ port: 18080, statsPort: 18404, nodes: ['127.0.0.1:18081', '127.0.0.1:18082'] }));
      execFileSync(HAPROXY_BIN, ['-c', '-q', '-f', rendered]);
      const servers = fs.readFileSync(rendered, 'utf8').match(/^\s*server .*$/gm) ?? [];
      expect(servers.map((l) => l.trim())).toEqual([
        'server node1 127.0.0.1:18081',
        'server node2 127.0.0.1:18082',
        'server node1 127.0.0.1:18081 track nodes/node1',
        'server node2 127.0.0.1:18082 track nodes/node2',
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
