import { AppError } from '../../platform/errors';
import type { FilesRepo } from './files.repo';

export interface StoredFile {
  name: string;
  contentType: string;
  size: number;
  etag: string;
  /** Absent when the caller already holds this version (a 304). */
  data?: Buffer;
}

/** Serving stored files. */
export function createFilesService({ repo }: { repo: FilesRepo }) {
  return {
    /** The file, or only its metadata when `ifNoneMatch` names its current version. */
    async download(id: string, ifNoneMatch: string | undefined): Promise<StoredFile> {
      const meta = await repo.findMeta(id);
      if (!meta) throw new AppError('NOT_FOUND');
      const base = { name: meta.name, contentType: meta.content_type, size: meta.size, etag: meta.etag };
      if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === meta.etag || tag.trim() === '*')) return base;
      const row = await repo.find(id);
      if (!row) throw new AppError('NOT_FOUND');
      return { ...base, data: Buffer.from(row.data) };
    },
  };
}
export type FilesService = ReturnType<typeof createFilesService>;
