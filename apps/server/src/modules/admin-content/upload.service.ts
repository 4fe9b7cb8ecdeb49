import { randomBytes } from 'node:crypto';
import { UPLOAD_LIMITS, type UploadBody, type UploadedFile } from '@portal/contracts/admin-content';
import { fileUrl } from '@portal/contracts/files';
import { AppError } from '../../platform/errors';
import { byActor, type Actor } from '../../platform/resource';
import type { Db } from '../../db/database';
import type { Trx, WritePath } from '../../platform/write-path';
import type { createFilesRepo } from '../files';

export interface UploadDeps {
  writes: WritePath;
  /** The stored files over a write's transaction: the quota is counted where the file is inserted. */
  files: (on: Db | Trx) => ReturnType<typeof createFilesRepo>;
  now: () => Date;
  quotaBytes: number;
}

type ImageType = (typeof UPLOAD_LIMITS.types)[number];

/** The type the bytes themselves say, whatever the browser claimed. */
export function sniffImage(bytes: Buffer): ImageType | undefined {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  const head = bytes.subarray(0, 6).toString('latin1');
  if (head === 'GIF87a' || head === 'GIF89a') return 'image/gif';
  if (bytes.length >= 12 && bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'image/webp';
  return undefined;
}

const EXTENSIONS: Record<ImageType, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif', 'image/webp': 'webp' };

/** "1.5 MB": a byte count as people read it in the quota message. */
function megabytes(bytes: number): string {
  return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
}

/**
 * Images uploaded in the back office: checked by their bytes and size, stored, served by
 * /file/download. Each company's uploads together stay within `quotaBytes` (the platform's
 * operators, who belong to no company, share one allowance of the same size).
 */
export function createUploadService({ writes, files: filesOn, now, quotaBytes }: UploadDeps) {
  return {
    async upload(body: UploadBody, actor: Actor): Promise<UploadedFile> {
      const data = Buffer.from(body.data, 'base64');
      const limit = `${UPLOAD_LIMITS.maxBytes / 1024 / 1024} MB`;
      if (data.length > UPLOAD_LIMITS.maxBytes) throw new AppError('FILE_TOO_LARGE', { limit });
      const type = sniffImage(data);
      if (!type || type !== body.contentType) throw new AppError('FILE_TYPE_REFUSED');
      const fileId = `up-${randomBytes(12).toString('hex')}.${EXTENSIONS[type]}`;
      // The name only labels the download; path separators and control characters go.
      const name = [...body.name].map((c) => (c.charCodeAt(0) < 32 || c === '/' || c === '\\' ? '_' : c)).join('');
      const at = now().toISOString();
      await writes.write({ ...byActor(actor), action: 'upload', target: `files:${fileId}` }, async (trx, _emit, log) => {
        const uploader = await trx.selectFrom('users').select('company_id').where('id', '=', actor.userId).executeTakeFirst();
        const companyId = uploader?.company_id ?? null;
        const files = filesOn(trx);
        // Counted inside the same transaction as the insert; uploads running at the same moment may
        // each pass, so a company can go over by at most those few files.
        const used = await files.bytesOf(companyId);
        if (used + data.length > quotaBytes)
          throw new AppError('UPLOAD_QUOTA_EXCEEDED', { used: megabytes(used), limit: megabytes(quotaBytes) });
        await files.insert({ id: fileId, name, content_type: type, data, created_at: at, company_id: companyId });
        log.after = { name, size: data.length, contentType: type };
      });
      return { fileId, url: fileUrl(fileId), name, size: data.length, contentType: type };
    },
  };
}
export type UploadService = ReturnType<typeof createUploadService>;
