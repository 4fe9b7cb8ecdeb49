import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { uploadEndpoints } from '@portal/contracts/admin-content';
import { createTestApp, envelope, login, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ UPLOAD_QUOTA_MB_PER_COMPANY: '1' });
});
afterEach(async () => {
  await t.close();
});

/** A PNG of about `kb` kilobytes: its signature and header, then padding (only the bytes' type is checked). */
const png = (kb: number) =>
  Buffer.concat([
    Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'),
    Buffer.alloc(kb * 1024),
  ]).toString('base64');

const upload = (token: string, kb: number, lang = 'zh-CN') =>
  t.app.inject({
    method: uploadEndpoints.upload.method,
    url: uploadEndpoints.upload.path,
    headers: { token, cookie: `lang=${lang}` },
    payload: { name: 'logo.png', contentType: 'image/png', data: png(kb) },
  });

const storedFiles = async () =>
  Number(
    (
      await t.database.db
        .selectFrom('files')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('the upload quota of a company', () => {
  it('refuses an upload that would take the company past UPLOAD_QUOTA_MB_PER_COMPANY, in the caller’s language, storing nothing', async () => {
    const buyer = (await login(t.app, 'buyer01', 'Buyer@2026')).token;
    expect(envelope(await upload(buyer, 600)).return_code).toBe('0');
    const before = await storedFiles();

    const refused = await upload(buyer, 600, 'en-US');
    expect(refused.statusCode).toBe(400);
    expect(envelope(refused)).toMatchObject({
      return_code: '113080',
      error_info:
        'Upload space is full: your company has used 0.6 MB of 1 MB. Remove unused content or contact the platform administrator.',
      data: null,
    });
    expect(envelope(await upload(buyer, 600, 'zh-TW')).error_info).toContain('上傳空間已滿：本企業已用 0.6 MB，上限 1 MB');
    expect(await storedFiles()).toBe(before);

    // What still fits is taken.
    expect(envelope(await upload(buyer, 300)).return_code).toBe('0');
  });

  it('counts each company on its own, and the platform operators apart from every company', async () => {
    const buyer = (await login(t.app, 'buyer01', 'Buyer@2026')).token;
    const supplier = (await login(t.app, 'supplier01', 'Supplier@2026')).token;
    const admin = (await login(t.app, 'admin', 'Admin@2026')).token;
    expect(envelope(await upload(buyer, 900)).return_code).toBe('0');
    expect(envelope(await upload(buyer, 200)).return_code).toBe('113080');
    expect(envelope(await upload(supplier, 900)).return_code).toBe('0');
    expect(envelope(await upload(admin, 500)).return_code).toBe('0');

    const owners = await t.database.db
      .selectFrom('files')
      .innerJoin('users', (join) => join.onRef('users.company_id', '=', 'files.company_id'))
      .select(['users.account', 'files.size'])
      .where('users.account', 'in', ['buyer01', 'supplier01'])
      .execute();
    expect(owners.map((o) => o.account).sort()).toEqual(['buyer01', 'supplier01']);
  });

  it('is refused as a setting out of range', async () => {
    const { loadSettings } = await import('../../settings');
    expect(() => loadSettings({ UPLOAD_QUOTA_MB_PER_COMPANY: '0' })).toThrow(/UPLOAD_QUOTA_MB_PER_COMPANY/);
    expect(loadSettings({}).UPLOAD_QUOTA_MB_PER_COMPANY).toBe(200);
  });
});
