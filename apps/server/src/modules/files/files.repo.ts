import { createHash } from 'node:crypto';
import type { Db } from '../../db/database';

/** Storage of uploaded and demo files (images of banners, logos, listings). */
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
    /** The metadata without the bytes, for conditional requests. */
    findMeta(id: string) {
      return db
        .selectFrom('files')
        .select(['id', 'name', 'content_type', 'size', 'etag', 'created_at'])
        .where('id', '=', id)
        .executeTakeFirst();
    },
  };
}
export type FilesRepo = ReturnType<typeof createFilesRepo>;
