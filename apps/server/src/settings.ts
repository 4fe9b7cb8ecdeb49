import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { parseAddressRange } from './platform/address-range';
import type { PublicSettings } from '@portal/contracts/settings';

const bool = z.enum(['true', 'false', 'on', 'off', '1', '0']).transform((v) => v === 'true' || v === 'on' || v === '1');
const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

/**
 * Every setting: environment variable, parser, default and meaning. The README's settings table
 * lists the same rows. Parsing happens once at start; a bad value stops the server naming it.
 */
export const SETTING_DEFS = {
  HOST: { schema: z.string().min(1), default: '127.0.0.1', doc: 'Address to listen on' },
  PORT: { schema: int(0, 65535), default: '8080', doc: 'Port to listen on' },
  NODE_ENV: { schema: z.enum(['development', 'production', 'test']), default: 'development', doc: 'Run mode' },
  LOG_LEVEL: { schema: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), default: 'info', doc: 'Log level (pino)' },
  LOG_SAMPLE_RATE: {
    schema: z.coerce.number().min(0).max(1),
    default: '1',
    doc: 'Share of answered requests written to the log, one line each (0 to 1; failures always)',
  },
  DATA_DIR: { schema: z.string().min(1), default: './data', doc: 'Folder of the embedded SQLite database and uploaded files' },
  DATABASE_URL: { schema: z.string(), default: '', doc: 'postgres://… switches from SQLite to PostgreSQL' },
  DATABASE_POOL_SIZE: {
    schema: int(1, 200),
    default: '4',
    doc: 'PostgreSQL connections per server process (about twice the CPU cores PostgreSQL runs on)',
  },
  DATABASE_PREPARE: {
    schema: bool,
    default: 'on',
    doc: 'Prepare repeated PostgreSQL queries once per connection (off behind a pooler that cannot keep them)',
  },
  PORTAL_CACHE: {
    schema: bool,
    default: 'on',
    doc: "Answer visitors' repeated public portal calls from a short-lived copy, cleared by every change",
  },
  PORTAL_CACHE_TTL_MS: {
    schema: int(0, 1000),
    default: '1000',
    doc: 'Longest a copy of a public answer is kept, for changes no event announces (milliseconds)',
  },
  REDIS_URL: {
    schema: z.string(),
    default: '',
    doc: 'redis://… keeps sessions, codes and counters in Redis, and carries live events between servers',
  },
  REDIS_PREFIX: {
    schema: z.string().regex(/^([A-Za-z0-9_.:-]{1,80})?$/, { message: 'letters, digits and _ . : - only, at most 80' }),
    default: '',
    doc: "Prefix of this installation's Redis keys and event channel (empty: derived from the database's installation id)",
  },
  NODE_ID: {
    schema: z.string().regex(/^([A-Za-z0-9.-]{1,40})?$/, { message: 'letters, digits, . and - only, at most 40' }),
    default: '',
    doc: "This server's name, the same across its restarts (empty: derived from host name, PORT and DATA_DIR); a restart frees what its previous run held",
  },
  DEMO_DATA: {
    schema: z.enum(['auto', 'on', 'off']),
    default: 'auto',
    doc: 'Load demo data into an empty database (auto: not in production)',
  },
  ADMIN_INITIAL_PASSWORD: {
    schema: z.string(),
    default: '',
    doc: 'Initial password of admin on an empty database without demo data (empty: generated, printed once)',
  },
  TEST_HOOKS: { schema: bool, default: 'off', doc: 'Enables CAPTCHA_TEST_CODE and GET /dev/sms-outbox; refused in production' },
  CAPTCHA_TEST_CODE: { schema: z.string().max(5), default: '', doc: 'With TEST_HOOKS: every picture code equals this' },
  SESSION_IDLE_MINUTES: { schema: int(1, 10080), default: '30', doc: 'A session ends after this much inactivity' },
  SESSION_ABSOLUTE_HOURS: { schema: int(1, 720), default: '12', doc: 'A session ends this long after sign-in whatever happens' },
  SESSION_LOCK_IDLE_MINUTES: { schema: int(0, 10080), default: '0', doc: 'Lock the screen after this much inactivity (0: never)' },
  CONCURRENT_SESSIONS: { schema: bool, default: 'off', doc: 'Allow several live sessions per user and terminal' },
  COOKIE_SECURE: { schema: z.enum(['auto', 'on', 'off']), default: 'auto', doc: 'Secure cookies (auto: when the request came over HTTPS)' },
  TRUST_PROXY: {
    schema: z
      .string()
      .refine((v) => v.trim() === '' || bool.safeParse(v).success || v.split(',').every((part) => parseAddressRange(part) !== null), {
        message: 'on, off, or the comma-separated addresses or CIDR ranges of the proxies (127.0.0.1, 10.0.0.0/8)',
      })
      .transform((v): boolean | string[] => {
        const flag = bool.safeParse(v);
        if (v.trim() === '') return false;
        return flag.success ? flag.data : v.split(',').map((part) => part.trim());
      }),
    default: 'off',
    doc: 'Trust X-Forwarded-* and X-Request-Id from these proxy addresses or CIDR ranges (on: from any)',
  },
  BODY_LIMIT_BYTES: { schema: int(1024, 50 * 1024 * 1024), default: '1048576', doc: 'Largest accepted JSON body' },
  SHUTDOWN_DRAIN_SECONDS: {
    schema: int(0, 300),
    default: '5',
    doc: 'On SIGTERM, /readyz answers 503 and requests are served this long before accepting stops',
  },
  REQUEST_TIMEOUT_SECONDS: {
    schema: int(1, 3600),
    default: '30',
    doc: 'A request whose headers and body have not all arrived within this time is cut off (408)',
  },
  UPLOAD_QUOTA_MB_PER_COMPANY: {
    schema: int(1, 1024 * 1024),
    default: '200',
    doc: 'Total size of the files one company (or the platform operators) may upload',
  },
  LOGIN_MAX_FAILURES: {
    schema: int(1, 100),
    default: '5',
    doc: 'Failed logins of one account from one client address before that pair locks',
  },
  LOGIN_ACCOUNT_MAX_FAILURES: {
    schema: int(1, 100000),
    default: '50',
    doc: 'Failed logins of one account from all addresses together before the whole account locks',
  },
  LOGIN_LOCK_MINUTES: { schema: int(1, 1440), default: '15', doc: 'Failure window and lock duration (per address and whole account)' },
  LOGIN_PER_IP_PER_MINUTE: {
    schema: int(1, 100000),
    default: '300',
    doc: 'Login attempts per client address per minute (a backstop: the failure locks carry the weight)',
  },
  CODES_PER_IP_PER_MINUTE: {
    schema: int(1, 100000),
    default: '300',
    doc: 'Picture codes, security keys and SMS-sending calls per client address per minute (a backstop)',
  },
  RESET_FAILURES_PER_ACCOUNT: {
    schema: int(1, 1000),
    default: '10',
    doc: 'Failed password resets of one account name before its resets pause for the window',
  },
  RESET_FAILURES_PER_IP: {
    schema: int(1, 100000),
    default: '50',
    doc: 'Failed password resets from one client address before its resets pause for the window',
  },
  RESET_FAILURE_WINDOW_MINUTES: { schema: int(1, 1440), default: '15', doc: 'Window of the password-reset failure counts' },
  SMS_PROVIDER: { schema: z.enum(['outbox', 'http']), default: 'outbox', doc: 'SMS provider (production requires it explicitly)' },
  SMS_HTTP_URL: { schema: z.string(), default: '', doc: 'Endpoint of the http SMS provider' },
  SMS_HTTP_TOKEN: { schema: z.string(), default: '', doc: 'Bearer token sent to the http SMS provider (empty: none)' },
  SMS_RESEND_SECONDS: { schema: int(1, 3600), default: '60', doc: 'Resend interval per mobile number' },
  SMS_PER_NUMBER_HOUR: { schema: int(1, 1000), default: '5', doc: 'Messages per number per hour' },
  SMS_PER_NUMBER_DAY: { schema: int(1, 1000), default: '10', doc: 'Messages per number per day' },
  SMS_PER_IP_DAY: { schema: int(1, 1000000), default: '500', doc: 'Messages per client address per day (a backstop)' },
  REGISTER_BUTTON: { schema: bool, default: 'on', doc: 'Show the free-register link on the login page' },
  TENANT_MODE: { schema: bool, default: 'off', doc: 'Tenant picker at login' },
  IS_UNDERSCORE: { schema: bool, default: 'off', doc: 'Convert request keys to snake_case in the browser client' },
  XSS_ESCAPE: { schema: bool, default: 'on', doc: 'Escape HTML in text fields the browser sends' },
  LOWERCASE_URLS: { schema: bool, default: 'off', doc: 'Lower-case menu URLs' },
  MERGED_MENU: { schema: bool, default: 'off', doc: 'Merge the menus of all systems into one tree' },
  AUTH_VERIFICATION: { schema: bool, default: 'on', doc: 'Check permission codes in the browser' },
  IS_TOKEN: { schema: bool, default: 'on', doc: 'Token mode: session errors open the "confirm login" dialog' },
  IS_CAS_LOGIN: { schema: bool, default: 'off', doc: 'CAS sign-in: -5 and session ends redirect to CAS_URL' },
  IS_IAR_CAS_LOGIN: { schema: bool, default: 'off', doc: 'IAR flavour of CAS sign-in' },
  IS_CAS_ADAPTER: { schema: bool, default: 'off', doc: 'Pass a service parameter to CAS on logout' },
  CAS_URL: { schema: z.string(), default: '', doc: 'CAS login target' },
  IS_FRAME: { schema: bool, default: 'off', doc: 'Framed mode: the shell without its own top bar' },
  IS_UCF: { schema: bool, default: 'off', doc: 'UCF (embedded) mode: same layout as framed mode' },
  IS_I18N: { schema: bool, default: 'on', doc: 'Show the language switch' },
  WEB_ENCRYPT_TYPE: { schema: z.enum(['none', 'rsa']), default: 'none', doc: 'Password transport: none (TLS) or rsa (RSA-OAEP)' },
  MENUS_ROOT_NAME: { schema: z.string(), default: 'root', doc: 'parent_id of top-level menus' },
  IS_ALL_KEEP_ALIVE: { schema: bool, default: 'on', doc: 'Keep every tab alive unless its menu says not to' },
  KEEP_VISITED_VIEWS_ON_RELOAD: { schema: bool, default: 'on', doc: 'Restore the open tabs after a reload' },
  JUMP_TO_HOME_ON_LOCALE_CHANGE: { schema: bool, default: 'off', doc: 'Go to /mainIndex before reloading on a language change' },
  THEME: { schema: z.enum(['lightblue', 'dark', 'green']), default: 'lightblue', doc: 'Colour theme' },
  PORTAL_ENABLED: { schema: bool, default: 'on', doc: '/ goes to the portal (/index) rather than /mainIndex' },
  PORTAL_JUMP: { schema: bool, default: 'on', doc: 'The login logo goes to /index (else /mainIndex)' },
  FREE_LOGIN: { schema: bool, default: 'off', doc: 'Free-login mode: hides user management, sign out and the forced password dialog' },
  FIRST_PASSWORD_CHECK: { schema: bool, default: 'on', doc: 'Force a password change while the password is a default one' },
  HIDE_LOCK_SCREEN: { schema: bool, default: 'off', doc: 'Hide the lock-screen action' },
  TAB_LIMIT: { schema: int(2, 100), default: '12', doc: 'Most tabs open at once (the oldest non-home tab closes)' },
  LOGIN_CHECK_CODE: { schema: bool, default: 'on', doc: 'Password login needs a picture code' },
  BUTTON_AUTH_LIST: { schema: z.string(), default: '', doc: 'Comma-separated button rights; empty: no list, every button enabled' },
  PASSWORD_MIN_LENGTH: { schema: int(1, 20), default: '6', doc: 'Password rule: minimum length' },
  PASSWORD_MAX_LENGTH: { schema: int(1, 20), default: '20', doc: 'Password rule: maximum length' },
  PASSWORD_MIN_KINDS: { schema: int(1, 4), default: '3', doc: 'Password rule: minimum character kinds' },
  THIRD_PARTY_AUTH_URL: { schema: z.string(), default: '', doc: 'Third-party sign-in provider URL; empty hides the block' },
  ACCOUNT_CHECKS_PER_IP_PER_HOUR: {
    schema: int(1, 100000),
    default: '300',
    doc: 'Account-existence and mobile look-ups per client address per hour (a backstop)',
  },
  ACCOUNT_CHECKS_PER_ACCOUNT_PER_HOUR: {
    schema: int(1, 100000),
    default: '20',
    doc: 'Account-existence and mobile look-ups of one account name per hour, from any address',
  },
  REAL_NAME_QR_URL: {
    schema: z.string(),
    default: '',
    doc: 'Real-name verification page shown as a QR code after registration ({userId}, {account}); empty: none',
  },
  // Orders: deadlines of the order lifecycle
  ORDER_CONFIRM_HOURS: {
    schema: int(1, 720),
    default: '24',
    doc: 'An order the seller has not confirmed this long after placing is cancelled',
  },
  ORDER_PAY_HOURS: {
    schema: int(1, 2160),
    default: '72',
    doc: 'The buyer pays within this long of confirmation; after it the seller may cancel',
  },
  ORDER_RECEIVE_DAYS: { schema: int(1, 365), default: '10', doc: 'A shipped order counts as received this many days after shipping' },
  ORDER_DEADLINE_NEAR_HOURS: {
    schema: int(1, 720),
    default: '12',
    doc: 'The buyer is reminded this long before the payment deadline',
  },
  // Auctions: live bidding rules and their timings
  AUCTION_DELAY_WINDOW_SECONDS: {
    schema: int(0, 86400),
    default: '300',
    doc: 'Anti-sniping window of a new auction space (modes 1, 4, 6) unless its owner sets one; 0: off',
  },
  AUCTION_DELAY_SECONDS: {
    schema: int(0, 86400),
    default: '300',
    doc: 'A bid inside the window moves the lot’s end to bid time plus this, unless the space sets its own',
  },
  AUCTION_BIDS_PER_SECOND: { schema: int(1, 1000), default: '5', doc: 'Bids one company may place per second in one auction space' },
  AUCTION_RESERVE_DECISION_HOURS: {
    schema: int(1, 720),
    default: '24',
    doc: 'The owner decides on a best bid below its reserve within this long of the close; after it, no deal',
  },
  AUCTION_MIN_NOTICE_MINUTES: {
    schema: int(0, 525600),
    default: '0',
    doc: 'Shortest time between submitting an auction space and its start (0: none)',
  },
  AUCTION_MIN_BIDDING_SECONDS: { schema: int(1, 86400), default: '10', doc: 'Shortest bidding period of an auction space' },
  // Live: the message stream and the scheduler of timed transitions
  TENDER_REVIEW: {
    schema: bool,
    default: 'off',
    doc: 'Published tenders wait for an operator’s review (招标审核) before the hall shows them',
  },
  TENDER_MIN_VALID_BIDS: {
    schema: int(1, 100),
    default: '3',
    doc: 'Default smallest number of valid bids a tender needs (fewer: it fails)',
  },
  TENDER_MIN_NOTICE_SECONDS: {
    schema: int(0, 365 * 86400),
    default: '0',
    doc: 'Shortest time between publishing a tender and its bidBeginTime (0: none)',
  },
  TENDER_MIN_BIDDING_SECONDS: { schema: int(1, 365 * 86400), default: '10', doc: 'Shortest bidding period of a tender' },
  TENDER_SEAL_KEY: {
    schema: z.string(),
    default: '',
    doc: 'Key sealing tender bids until the opening (base64, 32 bytes); empty: the key file',
  },
  TENDER_SEAL_OLD_KEYS: {
    schema: z.string(),
    default: '',
    doc: 'Earlier sealing keys (comma-separated), still readable until `npm run tender:rotate-key` re-seals',
  },
  TENDER_SEAL_KEY_FILE: {
    schema: z.string(),
    default: '',
    doc: 'Key file used without TENDER_SEAL_KEY (empty: DATA_DIR/tender-seal.key, made at start, 0600)',
  },
  CONTRACT_KEY: {
    schema: z.string(),
    default: '',
    doc: 'Key sealing the private keys of contract signatures (base64, 32 bytes); empty: the key file',
  },
  CONTRACT_KEY_FILE: {
    schema: z.string(),
    default: '',
    doc: 'Key file used without CONTRACT_KEY (empty: DATA_DIR/contract.key, made at start, 0600)',
  },
  CONTRACT_PAYMENT_GATE: {
    schema: bool,
    default: 'on',
    doc: "Hold an order's payment until its contract is signed, where its market asks for it (off: never)",
  },
  SSE_HEARTBEAT_SECONDS: {
    schema: int(1, 300),
    default: '15',
    doc: 'A live stream sends a heartbeat this often (and checks that its session is still live)',
  },
  // Operations: metrics, the nodes' announcements and the deposit ledger check
  METRICS_ALLOW: {
    schema: z.string().refine((v) => v.split(',').every((part) => part.trim() === '' || parseAddressRange(part) !== null), {
      message: 'comma-separated addresses or CIDR ranges (127.0.0.1, 10.0.0.0/8, ::1)',
    }),
    default: '127.0.0.0/8,::1',
    doc: 'Client addresses (or CIDR ranges, comma-separated) GET /metrics answers without a token; others get 404',
  },
  METRICS_TOKEN: {
    schema: z.string(),
    default: '',
    doc: 'Bearer token that opens GET /metrics from any address (empty: only METRICS_ALLOW)',
  },
  NODE_ANNOUNCE_SECONDS: {
    schema: int(1, 3600),
    default: '10',
    doc: 'Each server writes its state (version, load, memory, streams) for the system page this often',
  },
  NODE_MISSING_SECONDS: {
    schema: int(2, 86400),
    default: '30',
    doc: 'A server not heard from for this long shows as missing on the system page',
  },
  DEPOSIT_CHECK_SECONDS: {
    schema: int(0, 86400),
    default: '60',
    doc: 'The deposit accounts are checked against their ledgers this often, by one server at a time (0: never)',
  },
  SCHEDULER_LEASE_SECONDS: {
    schema: int(2, 3600),
    default: '5',
    doc: 'A claim on a timed job lasts this long and is renewed while the job runs; a stopped server’s job is taken over once it lapses',
  },
} as const;

type Defs = typeof SETTING_DEFS;
export type Settings = { [K in keyof Defs]: z.output<Defs[K]['schema']> };

export class SettingsError extends Error {}

/** Parses and validates every setting from the environment; throws naming each bad one. */
export function loadSettings(env: Record<string, string | undefined> = process.env): Settings {
  const out: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [name, def] of Object.entries(SETTING_DEFS)) {
    const raw = env[name] ?? def.default;
    const parsed = (def.schema as z.ZodType).safeParse(raw);
    if (parsed.success) out[name] = parsed.data;
    else problems.push(`${name}=${JSON.stringify(raw)}: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
  }
  const settings = out as Settings;
  if (problems.length === 0) problems.push(...crossChecks(settings));
  if (problems.length > 0) throw new SettingsError(`Invalid settings:\n  ${problems.join('\n  ')}`);
  return settings;
}

function crossChecks(s: Settings): string[] {
  const problems: string[] = [];
  if (s.NODE_MISSING_SECONDS <= s.NODE_ANNOUNCE_SECONDS) problems.push('NODE_MISSING_SECONDS: must exceed NODE_ANNOUNCE_SECONDS');
  if (s.PASSWORD_MIN_LENGTH > s.PASSWORD_MAX_LENGTH) problems.push('PASSWORD_MIN_LENGTH: must not exceed PASSWORD_MAX_LENGTH');
  if (s.TEST_HOOKS && s.NODE_ENV === 'production') problems.push('TEST_HOOKS: refused when NODE_ENV=production');
  if (s.CAPTCHA_TEST_CODE && !s.TEST_HOOKS) problems.push('CAPTCHA_TEST_CODE: needs TEST_HOOKS=on');
  if (s.DATABASE_URL && !/^postgres(ql)?:\/\//.test(s.DATABASE_URL)) problems.push('DATABASE_URL: must start with postgres://');
  if (s.REDIS_URL && !/^rediss?:\/\//.test(s.REDIS_URL)) problems.push('REDIS_URL: must start with redis://');
  if (s.SMS_PROVIDER === 'http' && !s.SMS_HTTP_URL) problems.push('SMS_HTTP_URL: required when SMS_PROVIDER=http');
  if (s.SMS_HTTP_URL && !/^https?:\/\//.test(s.SMS_HTTP_URL)) problems.push('SMS_HTTP_URL: must start with http:// or https://');
  if (s.THIRD_PARTY_AUTH_URL && !/^https?:\/\//.test(s.THIRD_PARTY_AUTH_URL))
    problems.push('THIRD_PARTY_AUTH_URL: must start with http:// or https://');
  if (s.NODE_ENV === 'production' && process.env.SMS_PROVIDER === undefined)
    problems.push('SMS_PROVIDER: must be chosen explicitly in production');
  if ((s.IS_CAS_LOGIN || s.IS_IAR_CAS_LOGIN) && !s.CAS_URL) problems.push('CAS_URL: required when CAS sign-in is on');
  return problems;
}

/** True when demo data should be loaded into an empty database. */
export function wantsDemoData(s: Settings): boolean {
  return s.DEMO_DATA === 'on' || (s.DEMO_DATA === 'auto' && s.NODE_ENV !== 'production');
}

/**
 * This server's name, stable across its restarts: NODE_ID, else derived from what tells servers
 * apart and stays put when one restarts (host name, port, data folder). Two servers given the same
 * name would free each other's claims on start, so servers on one host need their own PORT or NODE_ID.
 */
export function nodeIdOf(s: Pick<Settings, 'NODE_ID' | 'PORT' | 'DATA_DIR'>): string {
  if (s.NODE_ID) return s.NODE_ID;
  const seed = `${os.hostname()}\n${s.PORT}\n${path.resolve(s.DATA_DIR)}`;
  return `node-${createHash('sha256').update(seed).digest('hex').slice(0, 12)}`;
}

/** The part of the settings the browser reads. */
export function publicSettings(s: Settings): PublicSettings {
  return {
    registerButton: s.REGISTER_BUTTON,
    tenantMode: s.TENANT_MODE,
    isUnderscore: s.IS_UNDERSCORE,
    xssEscape: s.XSS_ESCAPE,
    lowercaseUrls: s.LOWERCASE_URLS,
    mergedMenu: s.MERGED_MENU,
    authVerification: s.AUTH_VERIFICATION,
    isToken: s.IS_TOKEN,
    isCasLogin: s.IS_CAS_LOGIN,
    isIARCasLogin: s.IS_IAR_CAS_LOGIN,
    isCasAdapter: s.IS_CAS_ADAPTER,
    casUrl: s.CAS_URL,
    isFrame: s.IS_FRAME,
    isUcf: s.IS_UCF,
    isI18n: s.IS_I18N,
    webEncryptType: s.WEB_ENCRYPT_TYPE,
    menusRootName: s.MENUS_ROOT_NAME,
    isAllKeepAlive: s.IS_ALL_KEEP_ALIVE,
    keepVisitedViewsOnReload: s.KEEP_VISITED_VIEWS_ON_RELOAD,
    jumpToHomeOnLocaleChange: s.JUMP_TO_HOME_ON_LOCALE_CHANGE,
    theme: s.THEME,
    portalEnabled: s.PORTAL_ENABLED,
    portalJump: s.PORTAL_JUMP,
    freeLogin: s.FREE_LOGIN,
    firstPasswordCheck: s.FIRST_PASSWORD_CHECK,
    hideLockScreen: s.HIDE_LOCK_SCREEN,
    tabLimit: s.TAB_LIMIT,
    loginCheckCode: s.LOGIN_CHECK_CODE,
    buttonAuthList: s.BUTTON_AUTH_LIST
      ? s.BUTTON_AUTH_LIST.split(',')
          .map((v) => v.trim())
          .filter(Boolean)
      : null,
    passwordRule: { minLength: s.PASSWORD_MIN_LENGTH, maxLength: s.PASSWORD_MAX_LENGTH, minKinds: s.PASSWORD_MIN_KINDS },
    smsResendSeconds: s.SMS_RESEND_SECONDS,
    thirdPartyLogin: s.THIRD_PARTY_AUTH_URL !== '',
  };
}
