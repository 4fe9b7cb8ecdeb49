import { AppError, invalidField } from '../../platform/errors';
import type { Trx } from '../../platform/write-path';
import type { FilesRepo } from './files.repo';

export interface StoredFile {
  name: string;
  contentType: string;
  size: number;
  etag: string;
  /** Evidence of a record: read only by its parties, never kept by a shared cache. */
  restricted: boolean;
  /** Absent when the caller already holds this version (a 304). */
  data?: Buffer;
}

/** Who may read the files linked to one record of a scope, now. */
export interface FileReaders {
  /** Companies whose users may read them (the record's parties). */
  companyIds: number[];
  /** The permission that lets an operator read them; null: no operator may (yet). */
  operatorPermission: string | null;
}

/** A kind of record files are evidence of; the module owning the record says who its readers are. */
export interface FileScope {
  /** The readers of the record `ref`; none when it does not exist. */
  readers(ref: string): Promise<FileReaders | undefined>;
}

/** What a file is given as evidence of, and by whom. */
export interface Evidence {
  /** The request field that named the files (the refusal names it). */
  field: string;
  fileIds: string[];
  /** The caller's company: every file must be its own upload. */
  companyId: number;
  scope: string;
  ref: string;
}

/**
 * Serving stored files, and files given as evidence. A picture (a listing's, an auction's, an
 * article's ...) is public; a file given as evidence of a record (a payment voucher, a waybill, a
 * tender bid's attachment) must be the giver's own upload and is then read only by its uploader's
 * company, the record's parties and the operators who may see the record.
 */
export function createFilesService({
  repo,
  permissionsOf,
  now,
}: {
  repo: FilesRepo;
  permissionsOf: (userId: number) => Promise<Set<string>>;
  now: () => Date;
}) {
  const scopes = new Map<string, FileScope>();

  /** Whether this caller may read a file that is evidence of these records. */
  async function mayRead(userId: number, ownerCompanyId: number | null, links: { scope: string; ref: string }[]): Promise<boolean> {
    const companyId = await repo.companyOf(userId);
    if (companyId !== null && companyId === ownerCompanyId) return true;
    let permissions: Set<string> | undefined;
    for (const link of links) {
      const readers = await scopes.get(link.scope)?.readers(link.ref);
      if (!readers) continue;
      if (companyId !== null && readers.companyIds.includes(companyId)) return true;
      if (readers.operatorPermission) {
        permissions ??= await permissionsOf(userId);
        if (permissions.has(readers.operatorPermission)) return true;
      }
    }
    return false;
  }

  return {
    /** Registers a kind of record files may be evidence of (at wiring time, by the module owning it). */
    defineScope(name: string, scope: FileScope): void {
      if (scopes.has(name)) throw new Error(`files: the scope ${name} is defined twice`);
      scopes.set(name, scope);
    },

    /**
     * Links files to the record they are evidence of, inside the caller's transaction. Each must
     * be an upload of the caller's own company: another company's file (or none at all) is
     * refused naming the field, without saying which. A link is never removed: once evidence, a
     * file stays readable by that record's readers only.
     */
    async attach(trx: Trx, e: Evidence): Promise<string[]> {
      const ids = [...new Set(e.fileIds)];
      const owners = await repo.owners(ids, trx);
      if (ids.some((id) => owners.get(id) !== e.companyId)) throw invalidField(e.field, 'notOwnUpload');
      await repo.link(trx, ids, e.scope, e.ref, now().toISOString());
      return ids;
    },

    /**
     * The file, or only its metadata when `ifNoneMatch` names its current version. Evidence is
     * answered only to its readers: a visitor is asked to sign in, anyone else is told it does not exist.
     */
    async download(id: string, ifNoneMatch: string | undefined, userId: number | null): Promise<StoredFile> {
      const meta = await repo.findMeta(id);
      if (!meta) throw new AppError('NOT_FOUND');
      const links = await repo.links(id);
      const restricted = links.length > 0;
      if (restricted) {
        if (userId === null) throw new AppError('PLEASE_LOGIN');
        if (!(await mayRead(userId, meta.company_id, links))) throw new AppError('NOT_FOUND');
      }
      const base = { name: meta.name, contentType: meta.content_type, size: meta.size, etag: meta.etag, restricted };
      if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === meta.etag || tag.trim() === '*')) return base;
      const row = await repo.find(id);
      if (!row) throw new AppError('NOT_FOUND');
      return { ...base, data: Buffer.from(row.data) };
    },
  };
}
export type FilesService = ReturnType<typeof createFilesService>;
