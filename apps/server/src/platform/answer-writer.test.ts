import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelopeOf, okEnvelope } from '@portal/contracts/envelope';
import { contractEndpoints } from '../test/contract-endpoints';
import { answerSerializerCompiler, compileAnswerWriter } from './answer-writer';

/** What the answers were before the compiled writer: zod's encode, then JSON.stringify. */
const byZod = (schema: z.ZodType, value: unknown) => JSON.stringify(z.encode(schema, value as never));

/** A small deterministic random source, so a failure repeats. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

/** A value the schema takes, with a key it does not name on every object (which must not be written). */
function sample(schema: z.ZodType, rnd: () => number, depth = 0): unknown {
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  const values = (schema._zod as { values?: Set<unknown> }).values;
  if (((def.checks as unknown[] | undefined)?.length || def.format) && (def.type === 'number' || def.type === 'string')) {
    // A checked value: the first of a few plain ones that the check takes.
    const json = z.toJSONSchema(schema) as { minimum?: number; maximum?: number };
    const bounds = [json.minimum, json.maximum].filter((b): b is number => typeof b === 'number' && Number.isFinite(b));
    const taken = [
      Math.floor(rnd() * 20) + 1,
      0,
      ...bounds,
      ...bounds.map((b) => Math.ceil(b)),
      'abc',
      'a',
      'buyer@example.cn',
      '2026-11-26',
    ].find((c) => schema.safeParse(c).success);
    if (taken === undefined) throw new Error(`no sample for a checked ${def.type}`);
    return taken;
  }
  switch (def.type) {
    case 'string':
      return rnd() < 0.5 ? '煤炭 "quoted" \\ 5500' : `s${Math.floor(rnd() * 1000)}`;
    case 'number':
      return Math.round(rnd() * 100000) / 100;
    case 'boolean':
      return rnd() < 0.5;
    case 'null':
      return null;
    case 'unknown':
    case 'any':
      return rnd() < 0.5 ? { free: [1, 'two'] } : 'free';
    case 'enum':
    case 'literal':
      return [...values!][Math.floor(rnd() * values!.size)];
    case 'union': {
      const options = def.options as z.ZodType[];
      return sample(options[Math.floor(rnd() * options.length)]!, rnd, depth);
    }
    case 'nullable':
      return rnd() < 0.3 ? null : sample(def.innerType as z.ZodType, rnd, depth);
    case 'optional':
      return rnd() < 0.3 ? undefined : sample(def.innerType as z.ZodType, rnd, depth);
    case 'array':
      return depth > 6 ? [] : Array.from({ length: Math.floor(rnd() * 3) }, () => sample(def.element as z.ZodType, rnd, depth + 1));
    case 'record':
      return { a: sample(def.valueType as z.ZodType, rnd, depth + 1), b: sample(def.valueType as z.ZodType, rnd, depth + 1) };
    case 'object': {
      const out: Record<string, unknown> = { notInTheContract: 'secret' };
      for (const [name, field] of Object.entries(def.shape as Record<string, z.ZodType>)) out[name] = sample(field, rnd, depth + 1);
      return out;
    }
    default:
      throw new Error(`no sample for ${def.type}`);
  }
}

describe('the compiled answer writer', () => {
  it('writes every contract answer exactly as zod did, without the keys the contract does not name', async () => {
    const endpoints = await contractEndpoints();
    expect(endpoints.length).toBeGreaterThan(200);
    const rnd = random(7);
    for (const endpoint of endpoints) {
      const schema = envelopeOf(endpoint.answer);
      const write = compileAnswerWriter(schema);
      for (let i = 0; i < 5; i++) {
        const value = okEnvelope(sample(endpoint.answer, rnd));
        const written = write(value);
        expect(written, endpoint.path).toBe(byZod(schema, value));
        expect(written).not.toContain('notInTheContract');
      }
    }
  });

  it('refuses what zod refused: a wrong type, a missing field, an infinite number, a value outside an enum or a bound', () => {
    const schema = z.object({
      name: z.string(),
      price: z.number(),
      count: z.number().int(),
      step: z.int().min(1).max(4),
      above: z.number().gt(0).lt(10),
      state: z.enum(['1', '2']),
      tags: z.array(z.object({ code: z.string() })),
      remark: z.string().nullable(),
      extra: z.string().optional(),
    });
    const ok = { name: 'urea', price: 2450, count: 3, step: 4, above: 0.5, state: '1', tags: [{ code: 'A' }], remark: null };
    const write = compileAnswerWriter(schema);
    expect(write(ok)).toBe(byZod(schema, ok));
    for (const bad of [
      { ...ok, name: 5 },
      { ...ok, price: '2450' },
      { ...ok, price: Infinity },
      { ...ok, count: 1.5 },
      { ...ok, step: 0 },
      { ...ok, step: 5 },
      { ...ok, above: 0 },
      { ...ok, above: 10 },
      { ...ok, state: '3' },
      { ...ok, tags: [{ code: 1 }] },
      { ...ok, tags: {} },
      { ...ok, remark: undefined },
      { name: 'urea' },
      null,
    ]) {
      expect(() => write(bad), JSON.stringify(bad)).toThrow();
      expect(() => byZod(schema, bad)).toThrow();
    }
  });

  it('hands a part it does not know to zod: a refinement, a union', () => {
    const schema = z.object({
      count: z.number().multipleOf(3),
      code: z.string().max(3),
      either: z.union([z.string(), z.number()]),
    });
    const write = compileAnswerWriter(schema);
    const value = { count: 3, code: 'abc', either: 5, notInTheContract: 1 };
    expect(write(value)).toBe(JSON.stringify({ count: 3, code: 'abc', either: 5 }));
    expect(() => write({ ...value, count: 4 })).toThrow();
    expect(() => write({ ...value, code: 'abcd' })).toThrow();
  });

  it("is Fastify's serializer: a mismatch becomes the answer-does-not-match error", () => {
    const serialize = answerSerializerCompiler({ schema: z.object({ id: z.number() }), method: 'POST', url: '/x' });
    expect(serialize({ id: 1, password: 'x' })).toBe('{"id":1}');
    expect(() => serialize({ id: 'one' })).toThrow(expect.objectContaining({ code: 'FST_ERR_RESPONSE_SERIALIZATION', method: 'POST' }));
    // The log names where the answer went wrong.
    const nested = answerSerializerCompiler({
      schema: z.object({ rows: z.array(z.object({ code: z.string() })) }),
      method: 'POST',
      url: '/y',
    });
    let thrown: unknown;
    try {
      nested({ rows: [{ code: 'a' }, { code: 2 }] });
    } catch (err) {
      thrown = err;
    }
    expect((thrown as { cause: z.ZodError }).cause.issues[0]?.message).toBe('rows[1].code: expected a string');
  });
});
