import { afterEach, describe, expect, it } from 'vitest';
import { hashPassword } from '../platform/passwords';
import { createTestApp, envelope, login, type TestApp } from '../test/test-app';
import { DEMO_ACCOUNTS } from '../db/demo-accounts';
import { generatePassword, prepareData, type StartOutput } from './first-start';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** A start-up output that keeps what was said. */
function recorder() {
  const said = { info: [] as string[], warn: [] as string[], printed: [] as string[] };
  const out: StartOutput = {
    info: (m) => said.info.push(m),
    warn: (m) => said.warn.push(m),
    print: (line) => said.printed.push(line),
  };
  return { said, out };
}

async function currentUser(app: TestApp['app'], account: string, password: string) {
  const { token, body } = await login(app, account, password);
  expect(body.error_no).toBe('0');
  return envelope(await app.inject({ method: 'GET', url: '/omc/api/user/getCurrUser', headers: { token } })).data as {
    defaultPassword: boolean;
    publishedDemoPasswords: boolean;
  };
}

describe('first start without demo data', () => {
  it('creates admin with a generated password shown once, which must be changed', async () => {
    t = await createTestApp({}, { demo: false });
    const first = recorder();
    await prepareData(t.database.db, { demoData: false, adminInitialPassword: '' }, first.out);
    expect(first.said.printed).toHaveLength(1);
    const password = /: (\S+)$/.exec(first.said.printed[0]!)![1]!;
    expect(password).toHaveLength(16);
    expect([/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z\d]/].every((kind) => kind.test(password))).toBe(true);
    // The log says a password was generated but never holds it.
    expect([...first.said.info, ...first.said.warn].join('\n')).not.toContain(password);

    const admin = await currentUser(t.app, 'admin', password);
    expect(admin.defaultPassword).toBe(true);
    expect(admin.publishedDemoPasswords).toBe(false);

    // The next start finds the admin and tells nothing again.
    const second = recorder();
    await prepareData(t.database.db, { demoData: false, adminInitialPassword: '' }, second.out);
    expect(second.said).toEqual({ info: [], warn: [], printed: [] });
    const accounts = await t.database.db.selectFrom('users').select('account').execute();
    expect(accounts.map((r) => r.account)).toEqual(['admin']);
  });

  it('uses ADMIN_INITIAL_PASSWORD when set, prints nothing, and still forces a change', async () => {
    t = await createTestApp({}, { demo: false });
    const start = recorder();
    await prepareData(t.database.db, { demoData: false, adminInitialPassword: 'Chosen@2026' }, start.out);
    expect(start.said.printed).toEqual([]);
    expect(start.said.warn).toEqual([]);
    expect((await currentUser(t.app, 'admin', 'Chosen@2026')).defaultPassword).toBe(true);
  });

  it('generates a different password on each installation', async () => {
    const passwords = new Set(Array.from({ length: 50 }, () => generatePassword()));
    expect(passwords.size).toBe(50);
  });
});

describe('demo data with published passwords', () => {
  it('warns at every start and tells operators, until every demo password is changed', async () => {
    t = await createTestApp({}, { demo: false });
    const { db } = t.database;
    const first = recorder();
    expect(await prepareData(db, { demoData: true, adminInitialPassword: '' }, first.out)).toEqual({ loadedDemoData: true });
    expect(first.said.printed).toEqual([]);
    expect(first.said.warn).toHaveLength(1);
    expect(first.said.warn[0]).toMatch(/admin.*buyer01.*sign in with the passwords the README publishes/);

    const again = recorder();
    expect(await prepareData(db, { demoData: true, adminInitialPassword: '' }, again.out)).toEqual({ loadedDemoData: false });
    expect(again.said.warn).toHaveLength(1);

    expect((await currentUser(t.app, 'admin', 'Admin@2026')).publishedDemoPasswords).toBe(true);
    // A company user is not told.
    expect((await currentUser(t.app, 'buyer01', 'Buyer@2026')).publishedDemoPasswords).toBe(false);

    // All but one changed: still warned.
    const others = DEMO_ACCOUNTS.filter((a) => a.account !== 'admin' && a.account !== 'supplier01').map((a) => a.account);
    await db
      .updateTable('users')
      .set({ password_hash: await hashPassword('Changed@2026x') })
      .where('account', 'in', others)
      .execute();
    expect((await currentUser(t.app, 'admin', 'Admin@2026')).publishedDemoPasswords).toBe(true);
    await db
      .updateTable('users')
      .set({ password_hash: await hashPassword('Changed@2026x') })
      .where('account', 'in', ['admin', 'supplier01'])
      .execute();
    expect((await currentUser(t.app, 'admin', 'Changed@2026x')).publishedDemoPasswords).toBe(false);
    const later = recorder();
    await prepareData(db, { demoData: true, adminInitialPassword: '' }, later.out);
    expect(later.said.warn).toEqual([]);
  });
});
