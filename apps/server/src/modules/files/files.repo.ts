import { createHash } from 'node:crypto';
import type { Db } from '../../db/database';
import type { Trx } from '../../platform/write-path';

/** Storage of uploaded and demo files (images of banners, logos, listings) and their links as evidence. */
export function createFilesRepo(db: Db) {
  return {
    /** Stores a file; size and validator are derived from the bytes. Works inside a transaction too. */
    async insert(row: {
      id: string;
      name: string;
      content_type: string;
      data: Buffer;
      created_at: string;
      company_id?: number | null;
    }): Promise<void> {
      const etag = `"${createHash('sha256').update(row.data).digest('base64url').slice(0, 32)}"`;
      await db
        .insertInto('files')
        .values({ ...row, size: row.data.length, etag })
        .execute();
    },
    /** Bytes stored for one company's uploads (null: the platform's operators and demo data). */
    async bytesOf(companyId: number | null): Promise<number> {
      const row = await db
        .selectFrom('files')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('size'), eb.lit(0)).as('total'))
        .where('company_id', companyId === null ? 'is' : '=', companyId)
        .executeTakeFirstOrThrow();
      return Number(row.total);
    },
    find(id: string) {
      return db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();
    },
    /** The metadata without the bytes, for conditional requests and the access check. */
    findMeta(id: string) {
      return db
        .selectFrom('files')
        .select(['id', 'name', 'content_type', 'size', 'etag', 'created_at', 'company_id'])
        .where('id', '=', id)
        .executeTakeFirst();
    },
    /** The uploading company of each of these files that exists. */
    async owners(ids: string[], on: Db | Trx = db): Promise<Map<string, number | null>> {
      if (ids.length === 0) return new Map();
      const rows = await on.selectFrom('files').select(['id', 'company_id']).where('id', 'in', ids).execute();
      return new Map(rows.map((r) => [r.id, r.company_id]));
    },
    /** What a file is evidence of. */
    links(fileId: string) {
      return db.selectFrom('file_links').select(['scope', 'ref']).where('file_id', '=', fileId).execute();
    },
    async link(trx: Trx, ids: string[], scope: string, ref: string, at: string): Promise<void> {
      if (ids.length === 0) return;
      await trx
        .insertInto('file_links')
        .values(ids.map((file_id) => ({ file_id, scope, ref, created_at: at })))
        .onConflict((oc) => oc.columns(['file_id', 'scope', 'ref']).doNothing())
        .execute();
    },
    /** The company a signed-in user belongs to (null: a platform operator). */
    async companyOf(userId: number): Promise<number | null> {
      const row = await db.selectFrom('users').select('company_id').where('id', '=', userId).executeTakeFirst();
      return row?.company_id ?? null;
    },
  };
}
export type FilesRepo = ReturnType<typeof createFilesRepo>;
