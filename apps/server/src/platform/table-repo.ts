import {
  sql,
  type Insertable,
  type Kysely,
  type RawBuilder,
  type Selectable,
  type SelectQueryBuilder,
  type SqlBool,
  type Updateable,
} from 'kysely';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import type { ResourceRepo } from './resource';

/** A "column equals value" condition for a table repo's filters. */
export function equals(column: string, value: string | number): RawBuilder<SqlBool> {
  return sql<SqlBool>`${sql.ref(column)} = ${value}`;
}

/** Either condition holds (e.g. a keyword in the code or in the name). */
export function either(...conditions: RawBuilder<SqlBool>[]): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${sql.join(conditions, sql` or `)})`;
}

/**
 * One page of an ordered query and the number of rows behind the filters, in parallel. `rows`
 * carries the filters, the selection and the order; `count` the same filters and nothing else.
 * Rows come back as selected, or through `toRow`.
 */
export function pageAndTotal<Raw>(rows: AnySelect<Raw>, count: AnySelect<object>, pageNo: number, pageSize: number): Promise<Paged<Raw>>;
export function pageAndTotal<Raw, Row>(
  rows: AnySelect<Raw>,
  count: AnySelect<object>,
  pageNo: number,
  pageSize: number,
  toRow: (raw: Raw) => Row,
): Promise<Paged<Row>>;
export async function pageAndTotal<Raw, Row>(
  rows: AnySelect<Raw>,
  count: AnySelect<object>,
  pageNo: number,
  pageSize: number,
  toRow?: (raw: Raw) => Row,
): Promise<Paged<Raw | Row>> {
  const [list, total] = await Promise.all([
    rows
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize)
      .execute(),
    count
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
      .then((r: { n: number | string | bigint }) => Number(r.n)),
  ]);
  return { rows: toRow ? list.map(toRow) : list, total };
}

export interface Paged<Row> {
  rows: Row[];
  total: number;
}
// Any database and tables: the caller's builders are already typed; paging adds nothing table-specific.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnySelect<O> = SelectQueryBuilder<any, any, O>;

type TableName = keyof Database & string;
type Column<T extends TableName> = keyof Database[T] & string;

/** How one table serves as a back-office resource. */
export interface TableRepoSpec<T extends TableName, Row, Filters, Create, Update> {
  table: T;
  /**
   * The key: by default `id`, an integer the database generates. A text key names its column and
   * where a new row's key comes from.
   */
  key?: { column: Column<T>; of: (values: Create) => string };
  toRow: (raw: Selectable<Database[T]>) => Row;
  /** The conditions the filters ask for; undefined entries are skipped. */
  where?: (filters: Filters) => Array<RawBuilder<SqlBool> | undefined>;
  /** The list order, outermost first; the key should come last so pages are stable. */
  order: Array<Column<T> | [Column<T>, 'desc']>;
  insertValues: (values: Create) => Insertable<Database[T]>;
  updateValues: (values: Update) => Updateable<Database[T]>;
}

const NUMERIC_ID = /^\d{1,12}$/;

/**
 * The storage of a resource that is one table: list with filters and order, get, insert, update,
 * remove. Resources that join or compute write their own repo (with `pageAndTotal`).
 */
export function createTableRepo<T extends TableName, Row, Filters = object, Create = never, Update = Create>(
  db: Db,
  spec: TableRepoSpec<T, Row, Filters, Create, Update>,
): ResourceRepo<Row, Filters, Create, Update> {
  // One place turns a table name into queries; the spec's types keep every caller exact.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const loose = db as unknown as Kysely<any>;
  const table: string = spec.table;
  const keyColumn: string = spec.key?.column ?? 'id';
  const keyOf = (id: string): string | number | undefined => (spec.key ? id : NUMERIC_ID.test(id) ? Number(id) : undefined);
  const filtered = (filters: Filters) => {
    let q = loose.selectFrom(table);
    for (const condition of spec.where?.(filters) ?? []) if (condition) q = q.where(condition);
    return q;
  };
  const toRow = (raw: unknown) => spec.toRow(raw as Selectable<Database[T]>);
  return {
    page(filters, pageNo, pageSize) {
      let rows = filtered(filters).selectAll();
      for (const o of spec.order) rows = Array.isArray(o) ? rows.orderBy(o[0], o[1]) : rows.orderBy(o);
      return pageAndTotal(rows, filtered(filters), pageNo, pageSize, toRow);
    },
    async get(id) {
      const key = keyOf(id);
      if (key === undefined) return undefined;
      const raw = await loose.selectFrom(table).selectAll().where(keyColumn, '=', key).executeTakeFirst();
      return raw ? toRow(raw) : undefined;
    },
    async insert(values) {
      const q = loose.insertInto(table).values(spec.insertValues(values));
      if (spec.key) {
        await q.execute();
        return spec.key.of(values);
      }
      const { id } = await q.returning('id').executeTakeFirstOrThrow();
      return String(id);
    },
    async update(id, values) {
      await loose
        .updateTable(table)
        .set(spec.updateValues(values) as Record<string, unknown>)
        .where(keyColumn, '=', keyOf(id))
        .execute();
    },
    async remove(id) {
      await loose.deleteFrom(table).where(keyColumn, '=', keyOf(id)).execute();
    },
  };
}
