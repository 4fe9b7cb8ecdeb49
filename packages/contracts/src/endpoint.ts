import type { z } from 'zod';
import type { TransitionRef } from './state-machine';

/** Who may call an endpoint; the server enforces it, the docs show it. */
export type Access = 'public' | 'session' | { permission: string };

/** One row of an endpoint table: what the server registers and the browser's client is typed by. */
export interface Endpoint {
  method: 'GET' | 'POST';
  path: string;
  access: Access;
  body?: z.ZodType;
  query?: z.ZodType;
  answer: z.ZodType;
  /** Extra paths that answer the same way (the spec's `/api/user//getUserPermissions`). */
  aliases?: readonly string[];
  summary: string;
  /**
   * The state transitions the call makes (`listing.approve`, see state-machine.ts): the
   * concurrency sweep sends every such call in racing copies and needs a fixture for each.
   */
  changes?: readonly TransitionRef[];
}

export type BodyOf<E extends Endpoint> = E['body'] extends z.ZodType ? z.input<E['body']> : undefined;
export type QueryOf<E extends Endpoint> = E['query'] extends z.ZodType ? z.input<E['query']> : undefined;
export type AnswerOf<E extends Endpoint> = z.output<E['answer']>;

/**
 * What the browser needs to call an endpoint: its method and path. The schemas stay out, so a page
 * that only calls endpoints does not download zod; their types come along through `E`.
 */
export interface Route<E extends Endpoint = Endpoint> {
  readonly method: E['method'];
  readonly path: string;
  /** Never set: names the endpoint, whose body, query and answer types the client uses. */
  readonly endpoint?: E;
}

/**
 * A route table (routes/<area>.ts) for the rows of the endpoint table `T` that the browser calls.
 * The endpoint tables carry zod schemas; importing them would put zod into every first visit,
 * while the client needs only method and path. Every key must be one of T's, with T's method and
 * path: the type checker compares them where T's path is a literal, routes.test.ts always. The
 * server registers the endpoint tables; back-office pages, whose forms use the schemas anyway,
 * call them directly. Curried so that T is given and the rows are inferred.
 */
export function routeTable<T extends Record<string, Endpoint>>() {
  return <const R extends { [K in keyof R]: K extends keyof T ? Pick<T[K], 'method' | 'path'> : never }>(
    routes: R,
  ): { readonly [K in keyof R]: Route<T[K & keyof T]> } => routes;
}

/** True for a row of an endpoint table: a method, a path and an answer schema. */
export function isEndpoint(value: unknown): value is Endpoint {
  if (typeof value !== 'object' || value === null) return false;
  const row = value as Partial<Endpoint>;
  return (row.method === 'GET' || row.method === 'POST') && typeof row.path === 'string' && typeof row.answer === 'object';
}

const isEndpointTable = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.values(value).some(isEndpoint);

/**
 * Every endpoint the given contract modules export, once each by method and path: the rows of
 * their endpoint tables, the endpoints of resources and listings (`.endpoints`, and the tables of
 * actions beside them) and single rows exported alone. Tests iterate over all of them, so a new
 * table is covered the moment it is exported.
 */
export function collectEndpoints(modules: readonly Record<string, unknown>[]): Endpoint[] {
  const found = new Map<string, Endpoint>();
  const visit = (value: unknown, depth: number): void => {
    if (isEndpoint(value)) {
      found.set(`${value.method} ${value.path}`, value);
      return;
    }
    // Schemas are objects too; an endpoint never hides inside one.
    if (depth === 0 || typeof value !== 'object' || value === null || '_zod' in value || Array.isArray(value)) return;
    // A resource that is not deleted (or not updated) names those endpoints but does not serve them.
    const resource = value as { deletable?: boolean; updatable?: boolean };
    for (const [key, inner] of Object.entries(value)) {
      if (key === 'endpoints' && isEndpointTable(inner)) {
        for (const [name, row] of Object.entries(inner)) {
          if ((name === 'remove' && resource.deletable === false) || (name === 'update' && resource.updatable === false)) continue;
          visit(row, 0);
        }
      } else {
        visit(inner, depth - 1);
      }
    }
  };
  for (const exports of modules) visit(exports, 3);
  return [...found.values()];
}
