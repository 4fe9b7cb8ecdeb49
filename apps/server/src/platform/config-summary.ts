import path from 'node:path';

/** What the start-up summary reads of the settings. */
export interface SummarySettings {
  DATABASE_URL: string;
  DATABASE_POOL_SIZE: number;
  DATA_DIR: string;
  REDIS_URL: string;
  NODE_ENV: string;
  LOG_LEVEL: string;
  LOG_SAMPLE_RATE: number;
  TENDER_SEAL_KEY: string;
}

/**
 * A database or Redis address as an operator may read it in a log: user, host, port and database,
 * never the password (shown as ***) nor the query, which may carry one too (?password=, sslkey=).
 */
export function maskedAddress(url: string): string {
  let address: URL;
  try {
    address = new URL(url);
  } catch {
    return '(an address that does not parse)';
  }
  const user = address.username
    ? `${decodeURIComponent(address.username)}${address.password ? ':***' : ''}@`
    : address.password
      ? ':***@'
      : '';
  const host = address.host || 'local socket';
  const path = address.pathname && address.pathname !== '/' ? address.pathname : '';
  return `${user}${host}${path}`;
}

/**
 * The configuration in one readable line, written once at start: where the data is, which node
 * this is and where it listens, demo data, the log level, where the sealing key comes from.
 * Secrets never appear in it.
 */
export function configSummary(
  s: SummarySettings,
  node: { name: string; pid: number; listening: string; demoData: boolean; sealKeyFile: string },
): string {
  const database = s.DATABASE_URL
    ? `postgres ${maskedAddress(s.DATABASE_URL)} (pool ${s.DATABASE_POOL_SIZE})`
    : `sqlite ${path.resolve(s.DATA_DIR, 'portal.sqlite')}`;
  const redis = s.REDIS_URL ? maskedAddress(s.REDIS_URL) : 'none (state in the database, one server)';
  const key = s.TENDER_SEAL_KEY ? 'the TENDER_SEAL_KEY setting' : `file ${node.sealKeyFile}`;
  return [
    `config: database ${database}`,
    `redis ${redis}`,
    `node ${node.name} pid ${node.pid} on ${node.listening}`,
    `NODE_ENV ${s.NODE_ENV}`,
    `demo data ${node.demoData ? 'on' : 'off'}`,
    `log level ${s.LOG_LEVEL} (sample ${s.LOG_SAMPLE_RATE})`,
    `tender sealing key: ${key}`,
  ].join(' · ');
}
