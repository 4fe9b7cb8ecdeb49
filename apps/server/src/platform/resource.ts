import type { FastifyInstance } from 'fastify';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { z } from 'zod';
import type { Resource } from '@portal/contracts/resource';
import type { ValidationReason } from '@portal/contracts/validation-messages';
import type { Db } from '../db/database';
import { AppError } from './errors';
import type { ChangeEvent } from './events';
import { registerEndpoint, type AccessDeps } from './http';
import type { SessionRecord } from './sessions';
import type { WriteMeta, WritePath } from './write-path';

/** Who made a back-office write; recorded in the operation log. */
export interface Actor {
  userId: number;
  account: string;
  ip: string;
}

/** The actor of a request: the signed-in operator and the address the request came from. */
export function actorOf(session: Pick<SessionRecord, 'userId' | 'account'>, ip: string): Actor {
  return { userId: session.userId, account: session.account, ip };
}

/** A refusal naming a field, its reason given by key (the answer words it in the caller's language). */
export function fieldError(field: string, reason: ValidationReason): AppError {
  return new AppError('VALIDATION', { field, reason });
}

/**
 * A case-insensitive "column contains value" condition; % and _ in the value match themselves
 * (escaped with '!', which both SQLite and PostgreSQL accept in an ESCAPE clause).
 */
export function contains(column: string, value: string): RawBuilder<SqlBool> {
  const pattern = `%${value.toLowerCase().replace(/[!%_]/g, '!$&')}%`;
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '!'`;
}

/** Storage of one resource. Ids travel as strings; rows come back in the contract's row shape. */
export interface ResourceRepo<Row, Filters, Create, Update> {
  page(filters: Filters, pageNo: number, pageSize: number): Promise<{ rows: Row[]; total: number }>;
  get(id: string): Promise<Row | undefined>;
  insert(values: Create, actor: Actor): Promise<string>;
  update(id: string, values: Update, actor: Actor): Promise<void>;
  remove(id: string): Promise<void>;
}

/** Rules of one resource, run inside the write's transaction (throw AppError to refuse). */
export interface ResourceRules<Row, Create, Update> {
  beforeCreate?(values: Create, db: Db): Promise<void>;
  beforeUpdate?(before: Row, values: Update, db: Db): Promise<void>;
  beforeRemove?(before: Row, db: Db): Promise<void>;
  /** After the transaction committed (e.g. end the sessions of a disabled user). */
  afterWrite?(action: 'create' | 'update' | 'delete', before: Row | undefined, after: Row | undefined): Promise<void>;
}

type Out<T extends z.ZodType> = z.output<T>;

/** The operation log's "who" of a back-office write. */
export function byActor(actor: Actor): Pick<WriteMeta, 'actorUserId' | 'account' | 'ip'> {
  return { actorUserId: actor.userId, account: actor.account, ip: actor.ip };
}

/**
 * The one service every back-office resource shares: paging and 404s; each write goes through the
 * write path (its transaction, its operation-log entry with the values before and after, and the
 * change event that clears every server's cached public answers).
 */
export function createResourceService<R extends Resource>(
  resource: R,
  deps: {
    db: Db;
    writes: WritePath;
    repo: (db: Db) => ResourceRepo<Out<R['row']>, Out<R['filters']>, Out<R['create']>, Out<R['update']>>;
    rules?: ResourceRules<Out<R['row']>, Out<R['create']>, Out<R['update']>>;
    /** Normalises what is stored (sanitised markup, safe addresses) before the rules see it. */
    clean?: { create(values: Out<R['create']>): Out<R['create']>; update(values: Out<R['update']>): Out<R['update']> };
  },
) {
  type Row = Out<R['row']>;
  const rules = deps.rules ?? {};
  const target = (id: string) => `${resource.name}:${id}`;
  // A back-office change may show on the portal (an article, a banner, a price index).
  const changed = (key: string, action: string): ChangeEvent => ({ topic: resource.name, key, action });
  const mustGet = async (db: Db, id: string): Promise<Row> => {
    const row = await deps.repo(db).get(id);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  };

  return {
    page: (filters: Out<R['filters']>, pageNo: number, pageSize: number) => deps.repo(deps.db).page(filters, pageNo, pageSize),
    get: (id: string) => mustGet(deps.db, id),
    async create(input: Out<R['create']>, actor: Actor): Promise<Row> {
      const values = deps.clean ? deps.clean.create(input) : input;
      const after = await deps.writes.write({ ...byActor(actor), action: 'create', target: resource.name }, async (trx, emit, log) => {
        await rules.beforeCreate?.(values, trx);
        const id = await deps.repo(trx).insert(values, actor);
        const row = await mustGet(trx, id);
        log.recordId = id;
        log.after = row;
        emit(changed('', 'create'));
        return row;
      });
      await rules.afterWrite?.('create', undefined, after);
      return after;
    },
    async update(id: string, input: Out<R['update']>, actor: Actor): Promise<Row> {
      const values = deps.clean ? deps.clean.update(input) : input;
      const [before, after] = await deps.writes.write(
        { ...byActor(actor), action: 'update', target: target(id) },
        async (trx, emit, log) => {
          const old = await mustGet(trx, id);
          await rules.beforeUpdate?.(old, values, trx);
          await deps.repo(trx).update(id, values, actor);
          const row = await mustGet(trx, id);
          log.before = old;
          log.after = row;
          emit(changed(id, 'update'));
          return [old, row] as const;
        },
      );
      await rules.afterWrite?.('update', before, after);
      return after;
    },
    async remove(id: string, actor: Actor): Promise<void> {
      const before = await deps.writes.write({ ...byActor(actor), action: 'delete', target: target(id) }, async (trx, emit, log) => {
        const old = await mustGet(trx, id);
        await rules.beforeRemove?.(old, trx);
        await deps.repo(trx).remove(id);
        log.before = old;
        emit(changed(id, 'delete'));
        return old;
      });
      await rules.afterWrite?.('delete', before, undefined);
    },
    /**
     * A named write beside create/update/delete (disable, reset a password): `write` runs in the
     * transaction, and the log entry holds the row before and after under `action`.
     */
    async act(id: string, action: string, actor: Actor, write: (trx: Db, before: Row) => Promise<void>): Promise<Row> {
      const [before, after] = await deps.writes.write({ ...byActor(actor), action, target: target(id) }, async (trx, _emit, log) => {
        const old = await mustGet(trx, id);
        await write(trx, old);
        const row = await mustGet(trx, id);
        log.before = old;
        log.after = row;
        return [old, row] as const;
      });
      await rules.afterWrite?.('update', before, after);
      return after;
    },
    /** Records a named action outside the generic writes (e.g. unlock). */
    record: (actor: Actor, action: string, id: string, before?: Row, after?: Row) =>
      deps.writes.write({ ...byActor(actor), action, target: target(id), before }, async (_trx, _emit, log) => {
        log.after = after;
      }),
  };
}
export type ResourceService<R extends Resource> = ReturnType<typeof createResourceService<R>>;

/** Registers the five endpoints of a resource; each route is one line over the shared service. */
export function registerResource<R extends Resource>(
  app: FastifyInstance,
  access: AccessDeps,
  resource: R,
  service: ResourceService<R>,
): void {
  const ep = resource.endpoints;
  registerEndpoint(app, access, ep.list, async ({ body }) => {
    const { pageNo, pageSize, ...filters } = body as { pageNo: number; pageSize: number } & Out<R['filters']>;
    return service.page(filters as Out<R['filters']>, pageNo, pageSize);
  });
  registerEndpoint(app, access, ep.get, async ({ body }) => service.get(body.id));
  registerEndpoint(app, access, ep.create, async ({ body, session, request }) => {
    return service.create(body as Out<R['create']>, actorOf(session, request.ip));
  });
  if (resource.updatable !== false) {
    registerEndpoint(app, access, ep.update, async ({ body, session, request }) => {
      const { id, ...values } = body as { id: string } & Out<R['update']>;
      return service.update(id, values as Out<R['update']>, actorOf(session, request.ip));
    });
  }
  if (resource.deletable !== false) {
    registerEndpoint(app, access, ep.remove, async ({ body, session, request }) => {
      await service.remove(body.id, actorOf(session, request.ip));
      return null;
    });
  }
}
