import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { z } from 'zod';
import { collectEndpoints, type Endpoint } from '@portal/contracts/endpoint';

const CONTRACTS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../packages/contracts/src');

/**
 * Every endpoint of every contract module, found by reading the contracts folder: a module or a
 * table added later is part of the list without anyone registering it here.
 */
export async function contractEndpoints(): Promise<Endpoint[]> {
  const files = fs
    .readdirSync(CONTRACTS_DIR)
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .sort();
  const modules = await Promise.all(files.map((name) => import(`@portal/contracts/${name.replace(/\.ts$/, '')}`)));
  return collectEndpoints(modules as Record<string, unknown>[]).sort(
    (a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method),
  );
}

type Path = (string | number)[];

/** A string field somewhere in an input schema. */
export interface StringField {
  path: Path;
  schema: z.ZodType;
  /** The longest value the field takes, when it says. */
  max: number | undefined;
  /** Inside a union: a refusal names the field but may give the union's reason. */
  inUnion: boolean;
}

interface ZodDef {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  options?: z.ZodType[];
  element?: z.ZodType;
  left?: z.ZodType;
  right?: z.ZodType;
  getter?: () => z.ZodType;
  checks?: { _zod: { def: { check: string; maximum?: number; length?: number } } }[];
}
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: ZodDef } })._zod.def;

/** The schema a value meets first, through optional, default, pipe and similar wrappers. */
export function unwrap(schema: z.ZodType): z.ZodType {
  const def = defOf(schema);
  if (def.innerType) return unwrap(def.innerType);
  if (def.type === 'pipe' && def.in) return unwrap(def.in);
  if (def.type === 'lazy' && def.getter) return unwrap(def.getter());
  return schema;
}

/** The kind of value a schema takes at its top ('string', 'object', 'number', 'union' ...). */
export function kindOf(schema: z.ZodType): string {
  return defOf(unwrap(schema)).type;
}

/** The fields of an object schema (through wrappers), or none when the input is not an object. */
export function shapeOf(schema: z.ZodType): Record<string, z.ZodType> {
  const inner = unwrap(schema);
  const def = defOf(inner);
  if (def.type === 'object') return def.shape ?? {};
  if (def.type === 'intersection' && def.left && def.right) return { ...shapeOf(def.left), ...shapeOf(def.right) };
  return {};
}

/** Every string field an input schema takes, with its path (array items as index 0). */
export function stringFields(schema: z.ZodType, at: Path = [], inUnion = false, depth = 0): StringField[] {
  if (depth > 8) return [];
  const def = defOf(schema);
  switch (def.type) {
    case 'string': {
      const limits = (def.checks ?? []).map((c) => c._zod.def).filter((c) => c.check === 'max_length' || c.check === 'length_equals');
      const max = limits.length ? Math.min(...limits.map((c) => c.maximum ?? c.length ?? Infinity)) : undefined;
      return [{ path: at, schema, max, inUnion }];
    }
    case 'object':
      return Object.entries(def.shape ?? {}).flatMap(([key, field]) => stringFields(field, [...at, key], inUnion, depth + 1));
    case 'array':
      return def.element ? stringFields(def.element, [...at, 0], inUnion, depth + 1) : [];
    case 'union':
      return (def.options ?? []).flatMap((option) => stringFields(option, at, true, depth + 1));
    case 'intersection':
      return [def.left, def.right].flatMap((side) => (side ? stringFields(side, at, inUnion, depth + 1) : []));
    case 'pipe':
      return def.in ? stringFields(def.in, at, inUnion, depth + 1) : [];
    case 'lazy':
      return def.getter ? stringFields(def.getter(), at, inUnion, depth + 1) : [];
    default:
      return def.innerType ? stringFields(def.innerType, at, inUnion, depth + 1) : [];
  }
}

/** True when the string schema carries the given check instance. */
export function carries(schema: z.ZodType, check: unknown): boolean {
  return (defOf(schema).checks ?? []).includes(check as never);
}

/** An object holding `value` at `path` (numbers make arrays), e.g. {items: [{name: value}]}. */
export function valueAt(path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (typeof head === 'number') return [valueAt(rest, value)];
  return { [head!]: valueAt(rest, value) };
}
