import { sql } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '@portal/contracts/endpoint';
import { forbiddenCharacterCheck } from '@portal/contracts/validation';
import { carries, contractEndpoints, kindOf, shapeOf, stringFields, valueAt, type StringField } from './test/contract-endpoints';
import { createTestApp, envelope, login, type TestApp } from './test/test-app';

/**
 * Hostile input against every endpoint of every contract, generated from the contracts: control
 * characters, NUL and direction overrides in each string field, overlong strings, wrong types, a
 * body over BODY_LIMIT_BYTES and broken JSON. Whatever comes in, the answer is the envelope with a
 * 4xx, never a 5xx, and no table gains or loses a row. Runs on SQLite, and on PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
const endpoints = await contractEndpoints();
const withInput = endpoints.filter((e) => e.body || e.query);
/**
 * Endpoints a contract derives but the server leaves out on purpose: the supplier list of the
 * company centre adds and removes entries and has no page for one entry.
 */
const NOT_SERVED = ['POST /omc/api/company/suppliers/get'];
const nameOf = (e: Endpoint) => `${e.method} ${e.path}`;

/** Characters no string field may take; each value must be refused naming its field. */
const HOSTILE_TEXTS = [
  ['NUL', 'abc\u0000def'],
  ['escape and delete', '\u001b[2J\u007f'],
  ['C1 control', 'x\u009by'],
  ['right-to-left override', 'invoice\u202Efdp.exe'],
  ['directional isolate', '\u2067name\u2069'],
] as const;

let t: TestApp;
/** The token of a signed-in user holding each permission, so access checks never hide a refusal. */
const tokenFor = new Map<string, string>();
let companyToken = '';
let countRows: () => Promise<Record<string, number>>;

beforeAll(async () => {
  t = await createTestApp();
  const signedIn = [];
  for (const [account, password] of [
    ['admin', 'Admin@2026'],
    ['supplier01', 'Supplier@2026'],
  ] as const) {
    const { token } = await login(t.app, account, password);
    expect(token, `${account} signs in`).not.toBe('');
    signedIn.push(token);
  }
  companyToken = signedIn[1]!;
  // The admin first: a permission only the company user holds is taken from the company user.
  for (const token of [...signedIn].reverse()) {
    const res = await t.app.inject({ method: 'GET', url: '/omc/api/user/getUserPermissions', headers: { token } });
    for (const [code, granted] of Object.entries(envelope(res).data as Record<string, boolean>)) if (granted) tokenFor.set(code, token);
  }
  const db = t.database.db;
  const schema =
    t.database.dialect === 'postgres' ? (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]!.s : undefined;
  const tables = (await db.introspection.getTables())
    .filter((table) => schema === undefined || table.schema === schema)
    .map((table) => table.name);
  expect(tables.length).toBeGreaterThan(10);
  countRows = async () => {
    const counts = sql.join(tables.map((name) => sql`(select count(*) from ${sql.table(name)}) as ${sql.ref(name)}`));
    const row = (await sql<Record<string, number | string>>`select ${counts}`.execute(db)).rows[0]!;
    return Object.fromEntries(Object.entries(row).map(([name, n]) => [name, Number(n)]));
  };
});
afterAll(async () => {
  await t.close();
});

function tokenOf(endpoint: Endpoint): string | undefined {
  if (endpoint.access === 'public') return undefined;
  if (endpoint.access === 'session') return companyToken;
  return tokenFor.get(endpoint.access.permission);
}

/** Sends one hostile request: `body` as JSON (or raw text), `query` as the query string. */
function send(endpoint: Endpoint, input: { body?: unknown; raw?: string; query?: string }) {
  const token = tokenOf(endpoint);
  return t.app.inject({
    method: endpoint.method,
    url: `${endpoint.path}${input.query ? `?${input.query}` : ''}`,
    headers: {
      ...(token ? { token } : {}),
      ...(input.raw !== undefined || input.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(input.raw !== undefined ? { payload: input.raw } : input.body !== undefined ? { payload: JSON.stringify(input.body) } : {}),
  });
}

/** The answer is the envelope, never a 5xx, and nothing in it reads like a stack trace or SQL. */
function expectEnvelope(res: LightMyRequestResponse, what: string) {
  expect(res.statusCode, `${what}: status`).toBeLessThan(500);
  const body = envelope(res);
  expect(Object.keys(body).sort(), `${what}: envelope`).toEqual(['data', 'error_code', 'error_info', 'error_no', 'return_code']);
  expect(body.error_info, `${what}: no stack or SQL`).not.toMatch(/\n\s+at |\bselect\b|\binsert\b|\bupdate\b.*\bset\b|sqlite|postgres/i);
  return body;
}

/** As expectEnvelope, and the input was refused with a 4xx. */
function expectRefusal(res: LightMyRequestResponse, what: string) {
  const body = expectEnvelope(res, what);
  expect(res.statusCode, `${what}: status`).toBeGreaterThanOrEqual(400);
  expect(body.return_code, what).not.toBe('0');
  return body;
}

/** A query string holding `value` at a top-level field. */
const queryWith = (field: StringField, value: string) => new URLSearchParams({ [String(field.path[0])]: value }).toString();

describe(`hostile input from the contracts (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('finds every endpoint table, and each endpoint it finds is served', () => {
    expect(endpoints.length).toBeGreaterThan(100);
    for (const area of [
      '/omc/submitLogin',
      '/omc/api/member/reg/quick_reg',
      '/omc/api/admin/users/create',
      '/listing/ws/listing/portalSalePage',
    ]) {
      expect(endpoints.map((e) => e.path)).toContain(area);
    }
    const unserved = endpoints.filter((e) => !t.app.hasRoute({ method: e.method, url: e.path })).map(nameOf);
    expect(unserved).toEqual(NOT_SERVED);
  });

  it('reaches every permission through one of the signed-in users', () => {
    for (const endpoint of endpoints) {
      if (typeof endpoint.access === 'object')
        expect(tokenOf(endpoint), `${endpoint.path} needs ${endpoint.access.permission}`).toBeDefined();
    }
  });

  it('routes every string field of every input through the shared check', () => {
    const bare = withInput.flatMap((endpoint) =>
      [endpoint.body, endpoint.query]
        .flatMap((schema) => (schema ? stringFields(schema) : []))
        .filter((field) => !carries(field.schema, forbiddenCharacterCheck))
        .map((field) => `${endpoint.path} ${field.path.join('.')}`),
    );
    expect(bare).toEqual([]);
  });

  it('answers a session cookie, a token header and a language cookie holding control characters without a 5xx', async () => {
    for (const endpoint of endpoints.filter((e) => !NOT_SERVED.includes(nameOf(e)))) {
      const res = await t.app.inject({
        method: endpoint.method,
        url: endpoint.path,
        headers: { token: 'abc\u0001\u007f\u202e', cookie: 'portal_session=%00%1B%E2%80%AE; lang=%00' },
        ...(endpoint.method === 'POST' ? { payload: {} } : {}),
      });
      expect(res.statusCode, nameOf(endpoint)).toBeLessThan(500);
    }
  });

  it.each(withInput.filter((e) => !NOT_SERVED.includes(nameOf(e))).map((e) => [nameOf(e), e] as const))('%s', async (_name, endpoint) => {
    const before = await countRows();
    const where = endpoint.body ? 'body' : 'query';
    const schema = (endpoint.body ?? endpoint.query)!;
    const fields = stringFields(schema);

    for (const field of fields) {
      const name = field.path.join('.');
      for (const [label, value] of HOSTILE_TEXTS) {
        const res = await send(endpoint, where === 'body' ? { body: valueAt(field.path, value) } : { query: queryWith(field, value) });
        const body = expectRefusal(res, `${name} with ${label}`);
        expect(res.statusCode, `${name} with ${label}`).toBe(400);
        // Inside a union the refusal names the field but gives the union's reason.
        if (!field.inUnion) expect(body.data, `${name} with ${label}`).toEqual({ field: name, reason: 'forbiddenCharacter' });
      }
      const overlong = 'a'.repeat((field.max ?? 5000) + 1);
      const res = await send(endpoint, where === 'body' ? { body: valueAt(field.path, overlong) } : { query: queryWith(field, overlong) });
      expect(expectRefusal(res, `${name} overlong`).return_code).toMatch(/^10000[13]$/);
    }

    for (const [key, field] of Object.entries(shapeOf(schema))) {
      const wrong = kindOf(field) === 'object' ? 'not an object' : { $ne: null };
      const res =
        where === 'body' ? await send(endpoint, { body: { [key]: wrong } }) : await send(endpoint, { query: `${key}=a&${key}=b` });
      expect(expectRefusal(res, `${key} of the wrong type`).return_code).toBe('100001');
    }

    if (where === 'body') {
      for (const whole of [[], 'text', 42, null])
        expectRefusal(await send(endpoint, { body: whole }), `a body of ${JSON.stringify(whole)}`);
      const huge = JSON.stringify({ padding: 'x'.repeat(t.settings.BODY_LIMIT_BYTES + 1) });
      expectRefusal(await send(endpoint, { raw: huge }), 'a body over the limit');
      expect(envelope(await send(endpoint, { raw: '{"broken": ' })).return_code).toBe('100002');
      expectRefusal(await send(endpoint, { raw: '{"a":"\\u0000' }), 'broken JSON with a NUL');
    } else {
      // Broken percent-encoding may decode to harmless text: it only must not break the server.
      const first = fields[0] ? String(fields[0].path[0]) : 'q';
      expectEnvelope(await send(endpoint, { query: `${first}=%E0%A4%A&%ZZ=%` }), 'a broken query string');
    }

    expect(await countRows(), 'rows of every table').toEqual(before);
  });
});
