import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, envelope, type TestApp } from '../../test/test-app';
import { createFilesRepo } from './files.repo';

let t: TestApp;
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

beforeAll(async () => {
  t = await createTestApp({}, { demo: false });
  await t.database.db.transaction().execute(async (trx) => {
    // The repo accepts a transaction, as the demo-data loaders use it.
    await createFilesRepo(trx).insert({
      id: 'test-pixel.png',
      name: '像素 图.png',
      content_type: 'image/png',
      data: png,
      created_at: '2026-01-01T00:00:00.000Z',
    });
  });
});
afterAll(async () => {
  await t.close();
});

const download = (fileId: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/file/download?fileId=${encodeURIComponent(fileId)}`, headers });

describe('GET /file/download', () => {
  it('serves the stored bytes with their type, a validator and a year of caching', async () => {
    const res = await download('test-pixel.png');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.equals(png)).toBe(true);
    expect(res.headers['content-length']).toBe(String(png.length));
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.etag).toMatch(/^"[\w-]{32}"$/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe(`inline; filename*=UTF-8''${encodeURIComponent('像素 图.png')}`);
  });

  it('answers 304 without a body when the browser holds the same version', async () => {
    const etag = String((await download('test-pixel.png')).headers.etag);
    const res = await download('test-pixel.png', { 'if-none-match': etag });
    expect(res.statusCode).toBe(304);
    expect(res.rawPayload.length).toBe(0);
    expect(res.headers.etag).toBe(etag);
    expect((await download('test-pixel.png', { 'if-none-match': '"other"' })).statusCode).toBe(200);
  });

  it('stores size and validator derived from the bytes', async () => {
    const row = await t.database.db
      .selectFrom('files')
      .select(['size', 'etag'])
      .where('id', '=', 'test-pixel.png')
      .executeTakeFirstOrThrow();
    expect(row.size).toBe(png.length);
  });

  it('answers 404 with the envelope for an unknown id', async () => {
    const res = await download('no-such-file');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(envelope(res)).toMatchObject({ return_code: '100004', error_no: '100004', data: null });
  });

  it.each(['', '../etc/passwd', 'a b', 'x'.repeat(65)])('answers 400 naming fileId for %j', async (id) => {
    const res = await download(id);
    expect(res.statusCode).toBe(400);
    expect(envelope(res).error_info).toContain('fileId');
  });

  it('answers 400 naming fileId when it is missing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/file/download' });
    expect(res.statusCode).toBe(400);
    expect(envelope(res).error_info).toContain('fileId');
  });
});
