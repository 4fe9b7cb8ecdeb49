import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '@portal/contracts/endpoint';
import { ERRORS } from '@portal/contracts/errors';
import { SESSION_INVALID_CODES } from '@portal/contracts/session-codes';
import { contractEndpoints } from './test/contract-endpoints';
import { createTestApp, envelope, login, type TestApp } from './test/test-app';

/**
 * Every call that needs a session checks the session first, then the permission, and only then
 * the body: an anonymous caller is told to sign in and a caller without the permission is refused,
 * whatever the body holds. Generated from the contracts, so a new endpoint is covered at once.
 */
const endpoints = (await contractEndpoints()).filter((e) => e.access !== 'public');
/** Derived by a contract but not served (hostile-input.test.ts says why). */
const NOT_SERVED = ['POST /omc/api/company/suppliers/get'];
const nameOf = (e: Endpoint) => `${e.method} ${e.path}`;
const served = endpoints.filter((e) => !NOT_SERVED.includes(nameOf(e)));

/** Bodies no endpoint takes: wrong shapes, wrong types, broken or oversized JSON. */
const GARBAGE: { label: string; payload: string }[] = [
  { label: 'unknown fields of the wrong types', payload: JSON.stringify({ id: { $ne: null }, pageNo: 'x', title: 42, zz: [1] }) },
  { label: 'an array', payload: '[1,2,3]' },
  { label: 'null', payload: 'null' },
  { label: 'broken JSON', payload: '{"title": ' },
];

let t: TestApp;
let companyToken = '';
let companyPermissions = new Set<string>();

beforeAll(async () => {
  t = await createTestApp();
  companyToken = (await login(t.app, 'supplier01', 'Supplier@2026')).token;
  const res = await t.app.inject({ method: 'GET', url: '/omc/api/user/getUserPermissions', headers: { token: companyToken } });
  const granted = envelope(res).data as Record<string, boolean>;
  companyPermissions = new Set(Object.keys(granted).filter((code) => granted[code]));
});
afterAll(async () => {
  await t.close();
});

function send(endpoint: Endpoint, payload: string, token?: string) {
  const garbageQuery = 'pageNo=x&id[$ne]=1&zz=%00';
  return t.app.inject({
    method: endpoint.method,
    url: endpoint.method === 'GET' ? `${endpoint.path}?${garbageQuery}` : endpoint.path,
    headers: { ...(token ? { token } : {}), ...(endpoint.method === 'POST' ? { 'content-type': 'application/json' } : {}) },
    ...(endpoint.method === 'POST' ? { payload } : {}),
  });
}

describe(`the session and the permission come before the body (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('covers the back office and the trading calls', () => {
    const paths = served.map((e) => e.path);
    for (const path of ['/omc/api/admin/articles/create', '/omc/api/admin/price-indices/update', '/listing/ws/listing/review']) {
      expect(paths).toContain(path);
    }
  });

  it('answers an anonymous caller 401 with a session-ended code from every call that needs a session', async () => {
    const wrong: string[] = [];
    for (const endpoint of served) {
      for (const { label, payload } of GARBAGE) {
        const res = await send(endpoint, payload);
        const code = envelope(res).return_code;
        if (res.statusCode !== 401 || !(SESSION_INVALID_CODES as readonly string[]).includes(code))
          wrong.push(`${nameOf(endpoint)} with ${label}: ${res.statusCode} ${code}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("answers a company user 403 from every call that needs a permission it does not hold (the operators' calls)", async () => {
    const operatorCalls = served.filter((e) => typeof e.access === 'object' && !companyPermissions.has(e.access.permission));
    expect(operatorCalls.length).toBeGreaterThan(40);
    const wrong: string[] = [];
    for (const endpoint of operatorCalls) {
      for (const { label, payload } of GARBAGE) {
        const res = await send(endpoint, payload, companyToken);
        const code = envelope(res).return_code;
        if (res.statusCode !== 403 || code !== ERRORS.NO_PERMISSION.code)
          wrong.push(`${nameOf(endpoint)} with ${label}: ${res.statusCode} ${code}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
