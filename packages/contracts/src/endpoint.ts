import type { z } from 'zod';

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
}

export type BodyOf<E extends Endpoint> = E['body'] extends z.ZodType ? z.input<E['body']> : undefined;
export type QueryOf<E extends Endpoint> = E['query'] extends z.ZodType ? z.input<E['query']> : undefined;
export type AnswerOf<E extends Endpoint> = z.output<E['answer']>;
