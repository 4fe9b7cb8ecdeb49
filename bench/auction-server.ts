/**
 * One server of the auction benchmarks in a process of its own, as servers run in production:
 * the app on the benchmark's PostgreSQL schema, sharing Redis with the others. Started by
 * `serverProcesses` (auction-setup.ts) with its settings as the one argument; it answers its port
 * once listening (its scheduler running, as in main.ts) and closes on 'close'.
 */
import type { AddressInfo } from 'node:net';
import { buildApp } from '../apps/server/src/app';
import { openDatabase } from '../apps/server/src/db/database';
import { createRedisBus } from '../apps/server/src/platform/events';
import { createRedisKv } from '../apps/server/src/platform/kv';
import { loadSettings } from '../apps/server/src/settings';

interface ServerArgs {
  databaseUrl: string;
  redisUrl: string;
  schema: string;
  poolSize: number;
}

async function main(): Promise<void> {
  const a = JSON.parse(process.argv[2] ?? '{}') as ServerArgs;
  const settings = loadSettings({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  const database = openDatabase({ databaseUrl: a.databaseUrl, searchPath: a.schema, poolSize: a.poolSize });
  const kv = createRedisKv(a.redisUrl, `${a.schema}:`);
  const events = await createRedisBus(a.redisUrl, { channel: `${a.schema}:events` });
  const app = await buildApp({ settings, database, kv, events, webDist: null });
  await app.listen({ host: '127.0.0.1', port: 0 });
  // As main.ts: timed work runs here too, and /readyz (a proxy's health check) counts on it.
  app.live.scheduler.start();
  process.send?.({ port: (app.server.address() as AddressInfo).port });
  process.on('message', (m) => {
    if (m !== 'close') return;
    void (async () => {
      await app.close();
      await events.close();
      await kv.close();
      await database.close();
      process.exit(0);
    })();
  });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
