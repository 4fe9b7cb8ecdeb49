import { ResponseSerializationError, serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** Makes a value into its answer form, or throws where it does not match (`at` names where). */
type Project = (value: unknown, at: string) => unknown;

class Mismatch extends Error {}

const mismatch = (at: string, expected: string): never => {
  throw new Mismatch(`${at || 'answer'}: expected ${expected}`);
};

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
  return (data) => JSON.stringify(project(data, ''));
}

/** A Fastify serializer compiler for answer schemas: the compiled writer, its refusal Fastify's. */
export function answerSerializerCompiler(route: { schema: unknown; method: string; url: string; httpStatus?: string }) {
  if (!(route.schema instanceof z.ZodType)) return serializerCompiler(route as Parameters<typeof serializerCompiler>[0]);
  const write = compileAnswerWriter(route.schema);
  return (data: unknown) => {
    try {
      return write(data);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
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
  done.set(schema, (v, at) => later.project!(v, at));
  const project = compileNew(schema, (inner) => compileNode(inner, done));
  later.project = project;
  done.set(schema, project);
  return project;
}

function compileNew(schema: z.ZodType, compile: (inner: z.ZodType) => Project): Project {
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  // A check or a format (an integer, an e-mail address) is zod's to decide.
  if ((def.checks as unknown[] | undefined)?.length || def.format !== undefined) return byZod(schema);
  switch (def.type) {
    case 'string':
      return (v, at) => (typeof v === 'string' ? v : mismatch(at, 'a string'));
    case 'number':
      return (v, at) => (typeof v === 'number' && Number.isFinite(v) ? v : mismatch(at, 'a finite number'));
    case 'boolean':
      return (v, at) => (typeof v === 'boolean' ? v : mismatch(at, 'a boolean'));
    case 'null':
      return (v, at) => (v === null ? v : mismatch(at, 'null'));
    case 'unknown':
    case 'any':
      return (v) => v;
    case 'enum':
    case 'literal': {
      const values = (schema._zod as { values?: Set<unknown> }).values;
      if (!values) return byZod(schema);
      return (v, at) => (values.has(v) ? v : mismatch(at, 'one of the listed values'));
    }
    case 'nullable': {
      const inner = compile(def.innerType as z.ZodType);
      return (v, at) => (v === null ? null : inner(v, at));
    }
    case 'optional': {
      const inner = compile(def.innerType as z.ZodType);
      return (v, at) => (v === undefined ? undefined : inner(v, at));
    }
    case 'array': {
      const element = compile(def.element as z.ZodType);
      return (v, at) => (Array.isArray(v) ? v.map((item, i) => element(item, `${at}[${i}]`)) : mismatch(at, 'an array'));
    }
    case 'object':
      return compileObject(schema, def, compile);
    case 'record': {
      const key = def.keyType as z.ZodType;
      if (key._zod.def.type !== 'string' || (key._zod.def as { checks?: unknown[] }).checks?.length) return byZod(schema);
      const value = compile(def.valueType as z.ZodType);
      return (v, at) => {
        if (!isPlainObject(v)) return mismatch(at, 'an object');
        const out: Record<string, unknown> = {};
        for (const name of Object.keys(v)) {
          const x = value(v[name], `${at}.${name}`);
          if (x !== undefined) out[name] = x;
        }
        return out;
      };
    }
    default:
      return byZod(schema);
  }
}

function compileObject(schema: z.ZodType, def: Record<string, unknown>, compile: (inner: z.ZodType) => Project): Project {
  // Only an object that drops the keys it does not name can be written by naming its keys.
  if (def.catchall !== undefined) return byZod(schema);
  const fields = Object.entries(def.shape as Record<string, z.ZodType>).map(([name, field]) => ({
    name,
    project: compile(field),
  }));
  return (v, at) => {
    if (!isPlainObject(v)) return mismatch(at, 'an object');
    const out: Record<string, unknown> = {};
    for (const { name, project } of fields) {
      const x = project(v[name], at ? `${at}.${name}` : name);
      if (x !== undefined) out[name] = x;
    }
    return out;
  };
}

/** A part the compiled writer does not know: zod encodes it, exactly as before. */
function byZod(schema: z.ZodType): Project {
  return (v, at) => {
    const result = z.safeEncode(schema, v as never);
    if (!result.success) throw new Mismatch(`${at || 'answer'}: ${result.error.issues[0]?.message ?? 'does not match'}`);
    return result.data;
  };
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
