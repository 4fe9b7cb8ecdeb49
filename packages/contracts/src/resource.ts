import { z } from 'zod';
import { inputString } from './validation';
import type { Endpoint } from './endpoint';

/**
 * One back-office resource: a row schema, the filters its list takes, and the bodies of create and
 * update. `defineResource` derives the five endpoints every resource has, so adding a resource is
 * a contract, a repo and a small page description.
 */
export interface ResourceSpec<
  Row extends z.ZodObject,
  Filters extends z.ZodObject,
  Create extends z.ZodObject,
  Update extends z.ZodObject,
> {
  /** URL segment and operation-log name, e.g. `users`. */
  name: string;
  permission: { view: string; edit: string };
  row: Row;
  filters: Filters;
  create: Create;
  update: Update;
  /** False for resources that are disabled rather than deleted. */
  deletable?: boolean;
  /** False for records that are only added and removed (a supplier on a list). */
  updatable?: boolean;
  /** Where its endpoints live; `/omc/api/admin/<name>` unless given (the company centre's own lists). */
  base?: string;
}

export const ADMIN_PAGE_SIZES = [10, 20, 50, 100] as const;

export const resourceIdSchema = inputString().trim().min(1, { message: 'required' }).max(64, { message: 'tooLong' });
export const adminPageSchema = z.object({
  pageNo: z.number().int().min(1).max(100_000).default(1),
  pageSize: z.number().int().min(1).max(100).default(10),
});

export function defineResource<
  Row extends z.ZodObject,
  Filters extends z.ZodObject,
  Create extends z.ZodObject,
  Update extends z.ZodObject,
>(spec: ResourceSpec<Row, Filters, Create, Update>) {
  const base = spec.base ?? `/omc/api/admin/${spec.name}`;
  const view = { permission: spec.permission.view };
  const edit = { permission: spec.permission.edit };
  const idBody = z.strictObject({ id: resourceIdSchema });
  const endpoints = {
    list: {
      method: 'POST',
      path: `${base}/list`,
      access: view,
      body: z.strictObject({ ...spec.filters.shape, ...adminPageSchema.shape }),
      answer: z.object({ rows: z.array(spec.row), total: z.number().int() }),
      summary: `List ${spec.name}`,
    },
    get: { method: 'POST', path: `${base}/get`, access: view, body: idBody, answer: spec.row, summary: `One of ${spec.name}` },
    create: {
      method: 'POST',
      path: `${base}/create`,
      access: edit,
      body: spec.create,
      answer: spec.row,
      summary: `Create in ${spec.name}`,
    },
    update: {
      method: 'POST',
      path: `${base}/update`,
      access: edit,
      body: z.strictObject({ ...spec.update.shape, id: resourceIdSchema }),
      answer: spec.row,
      summary: `Update in ${spec.name}`,
    },
    remove: { method: 'POST', path: `${base}/delete`, access: edit, body: idBody, answer: z.null(), summary: `Delete from ${spec.name}` },
  } as const satisfies Record<string, Endpoint>;
  return { ...spec, endpoints };
}

export type Resource = ReturnType<typeof defineResource>;
export type RowOf<R extends Resource> = z.output<R['row']>;

/**
 * A read-only back-office list (logs, online sessions): the list endpoint of a resource without
 * its writes, so the same page component shows it.
 */
export function defineListing<Row extends z.ZodObject, Filters extends z.ZodObject>(spec: {
  name: string;
  permission: { view: string };
  row: Row;
  filters: Filters;
}) {
  const list = {
    method: 'POST',
    path: `/omc/api/admin/${spec.name}/list`,
    access: { permission: spec.permission.view },
    body: z.strictObject({ ...spec.filters.shape, ...adminPageSchema.shape }),
    answer: z.object({ rows: z.array(spec.row), total: z.number().int() }),
    summary: `List ${spec.name}`,
  } as const satisfies Endpoint;
  return { ...spec, endpoints: { list } };
}
export type Listing = ReturnType<typeof defineListing>;

/** A named action beside a resource (reset a password, kick out a session): one more endpoint. */
export function resourceAction<Body extends z.ZodType, Answer extends z.ZodType>(
  name: string,
  action: string,
  permission: string,
  body: Body,
  answer: Answer,
  summary: string,
) {
  return {
    method: 'POST',
    path: `/omc/api/admin/${name}/${action}`,
    access: { permission },
    body,
    answer,
    summary,
  } as const satisfies Endpoint;
}
