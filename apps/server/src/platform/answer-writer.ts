import { ResponseSerializationError, serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** Makes a value into its answer form, or throws a Mismatch where it does not match. */
type Project = (value: unknown) => unknown;

/** Where a value did not match: its path is filled in on the way out, so a match builds no path. */
class Mismatch extends Error {
  readonly path: (string | number)[] = [];
  constructor(readonly expected: string) {
    super(expected);
  }
  describe(): string {
    const at = this.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${p}`)).join('');
    return `${at.replace(/^\./, '') || 'answer'}: ${this.expected}`;
  }
}

const mismatch = (expected: string): never => {
  throw new Mismatch(`expected ${expected}`);
};

/** Adds a step to the path of a mismatch passing through. */
function within(err: unknown, step: string | number): never {
  if (err instanceof Mismatch) err.path.unshift(step);
  throw err;
}

/**
 * Writes an answer the way its contract schema would (zod's encode, then JSON.stringify): only the
 * keys the contract names, each value checked for its type, a mismatch refused. Answer schemas are
 * plain data (objects, arrays, strings, numbers, booleans, enums, null, optional, nullable,
 * records); those are compiled once into a function that walks the value directly, which costs a
 * fraction of zod walking its schema for every answer. A part with anything else (a refinement, a
 * transform, a union) is handed to zod as it is, so the answer is the same either way.
 */
export function compileAnswerWriter(schema: z.ZodType): (data: unknown) => string {
  const project = compileNode(schema, new Map());
  return (data) => JSON.stringify(project(data));
}

/** An answer's data already written as JSON by what produced it, in parts to be joined. */
class Prewritten {
  constructor(readonly parts: readonly (string | Buffer)[]) {}
}

/**
 * Answer data given as its JSON, in parts (text, or UTF-8 bytes as a database gives them) that
 * joined spell it; written into the envelope as they are. Typed as the data they spell, so a
 * handler keeps its contract's type. The JSON is not checked against the contract when answering,
 * so only a producer whose output a test holds to the contract may use it (the listing cards the
 * database keeps).
 */
export const prewritten = <T>(...parts: (string | Buffer)[]): T => new Prewritten(parts) as unknown as T;

/** The envelope around prewritten data as bytes: its other fields written as usual, the data as it is. */
function withPrewritten(envelope: Record<string, unknown>, data: Prewritten): Buffer {
  const { data: _data, ...head } = envelope;
  const parts = [`${JSON.stringify(head).slice(0, -1)},"data":`, ...data.parts, '}'];
  return Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part) : part)));
}

/** A Fastify serializer compiler for answer schemas: the compiled writer, its refusal Fastify's. */
export function answerSerializerCompiler(route: { schema: unknown; method: string; url: string; httpStatus?: string }) {
  if (!(route.schema instanceof z.ZodType)) return serializerCompiler(route as Parameters<typeof serializerCompiler>[0]);
  const write = compileAnswerWriter(route.schema);
  return (data: unknown) => {
    const given = isPlainObject(data) ? data.data : undefined;
    if (given instanceof Prewritten) return withPrewritten(data as Record<string, unknown>, given);
    try {
      return write(data);
    } catch (err) {
      const message = err instanceof Mismatch ? err.describe() : err instanceof Error ? err.message : String(err);
      const cause = new z.ZodError([{ code: 'custom', path: [], message }]);
      throw new ResponseSerializationError(route.method, route.url, { cause });
    }
  };
}

/** `done` keeps each schema's function, so a schema that contains itself (a menu tree) compiles once. */
function compileNode(schema: z.ZodType, done: Map<z.ZodType, Project>): Project {
  const known = done.get(schema);
  if (known) return known;
  // Until it is compiled, a schema met again inside itself calls the function it is about to get.
  const later: { project?: Project } = {};
  done.set(schema, (v) => later.project!(v));
  const project = compileNew(schema, (inner) => compileNode(inner, done));
  later.project = project;
  done.set(schema, project);
  return project;
}

function compileNew(schema: z.ZodType, compile: (inner: z.ZodType) => Project): Project {
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  if (def.type === 'number') return compileNumber(schema, def);
  // Any other check or format (a length, an e-mail address) is zod's to decide.
  if ((def.checks as unknown[] | undefined)?.length || def.format !== undefined) return byZod(schema);
  switch (def.type) {
    case 'string':
      return (v) => (typeof v === 'string' ? v : mismatch('a string'));
    case 'boolean':
      return (v) => (typeof v === 'boolean' ? v : mismatch('a boolean'));
    case 'null':
      return (v) => (v === null ? v : mismatch('null'));
    case 'unknown':
    case 'any':
      return (v) => v;
    case 'enum':
    case 'literal': {
      const values = (schema._zod as { values?: Set<unknown> }).values;
      if (!values) return byZod(schema);
      return (v) => (values.has(v) ? v : mismatch('one of the listed values'));
    }
    case 'nullable': {
      const inner = compile(def.innerType as z.ZodType);
      return (v) => (v === null ? null : inner(v));
    }
    case 'optional': {
      const inner = compile(def.innerType as z.ZodType);
      return (v) => (v === undefined ? undefined : inner(v));
    }
    case 'array': {
      const element = compile(def.element as z.ZodType);
      return (v) => {
        if (!Array.isArray(v)) return mismatch('an array');
        const out = new Array<unknown>(v.length);
        for (let i = 0; i < v.length; i++) {
          try {
            out[i] = element(v[i]);
          } catch (err) {
            within(err, i);
          }
        }
        return out;
      };
    }
    case 'object':
      return compileObject(schema, def, compile);
    case 'record': {
      const key = def.keyType as z.ZodType;
      if (key._zod.def.type !== 'string' || (key._zod.def as { checks?: unknown[] }).checks?.length) return byZod(schema);
      const value = compile(def.valueType as z.ZodType);
      return (v) => {
        if (!isPlainObject(v)) return mismatch('an object');
        const out: Record<string, unknown> = {};
        for (const name of Object.keys(v)) {
          try {
            const x = value(v[name]);
            if (x !== undefined) out[name] = x;
          } catch (err) {
            within(err, name);
          }
        }
        return out;
      };
    }
    default:
      return byZod(schema);
  }
}

interface NumberCheckDef {
  check?: string;
  format?: string;
  value?: unknown;
  inclusive?: boolean;
}

/**
 * A number, with the checks answers use written out (an integer, a lower or upper bound); a number
 * with any other check is zod's.
 */
function compileNumber(schema: z.ZodType, def: NumberCheckDef & { checks?: { _zod: { def: NumberCheckDef } }[] }): Project {
  let rule = (n: number) => Number.isFinite(n);
  for (const check of [def, ...(def.checks ?? []).map((c) => c._zod.def)]) {
    if (check.format === undefined && check.check === undefined) continue;
    const before = rule;
    if (check.format === 'safeint') rule = (n) => before(n) && Number.isSafeInteger(n);
    else if (check.check === 'greater_than' && typeof check.value === 'number') {
      const bound = check.value;
      rule = check.inclusive ? (n) => before(n) && n >= bound : (n) => before(n) && n > bound;
    } else if (check.check === 'less_than' && typeof check.value === 'number') {
      const bound = check.value;
      rule = check.inclusive ? (n) => before(n) && n <= bound : (n) => before(n) && n < bound;
    } else return byZod(schema);
  }
  return (v) => (typeof v === 'number' && rule(v) ? v : mismatch('a finite number within its rule'));
}

function compileObject(schema: z.ZodType, def: Record<string, unknown>, compile: (inner: z.ZodType) => Project): Project {
  // Only an object that drops the keys it does not name can be written by naming its keys.
  if (def.catchall !== undefined) return byZod(schema);
  const entries = Object.entries(def.shape as Record<string, z.ZodType>);
  const names = entries.map(([name]) => name);
  const projects = entries.map(([, field]) => compile(field));
  return (v) => {
    if (!isPlainObject(v)) return mismatch('an object');
    const out: Record<string, unknown> = {};
    for (let i = 0; i < names.length; i++) {
      const name = names[i]!;
      let x: unknown;
      try {
        x = projects[i]!(v[name]);
      } catch (err) {
        within(err, name);
      }
      if (x !== undefined) out[name] = x;
    }
    return out;
  };
}

/** A part the compiled writer does not know: zod encodes it, exactly as before. */
function byZod(schema: z.ZodType): Project {
  return (v) => {
    const result = z.safeEncode(schema, v as never);
    if (!result.success) throw new Mismatch(result.error.issues[0]?.message ?? 'does not match');
    return result.data;
  };
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
