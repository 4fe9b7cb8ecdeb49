import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { z } from 'zod';
import { collectEndpoints, type Endpoint } from '@portal/contracts/endpoint';
import { enumFieldClasses } from '@portal/contracts/enum-field';
import { isMachine, type Machine } from '@portal/contracts/state-machine';
import type { EnumClassName } from '@portal/contracts/trade-constants';

const CONTRACTS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../packages/contracts/src');

/**
 * Every endpoint of every contract module, found by reading the contracts folder: a module or a
 * table added later is part of the list without anyone registering it here.
 */
export async function contractEndpoints(): Promise<Endpoint[]> {
  return collectEndpoints(await contractModules()).sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}

/** Every state machine the contract modules declare (state-machine.ts), by name. */
export async function contractMachines(): Promise<Machine[]> {
  const found = new Map<string, Machine>();
  for (const exports of await contractModules())
    for (const value of Object.values(exports)) if (isMachine(value)) found.set(value.name, value);
  return [...found.values()].sort((a, b) => a.name.localeCompare(b.name));
}

async function contractModules(): Promise<Record<string, unknown>[]> {
  const files = fs
    .readdirSync(CONTRACTS_DIR)
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .sort();
  return Promise.all(files.map((name) => import(`@portal/contracts/${name.replace(/\.ts$/, '')}`) as Promise<Record<string, unknown>>));
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

/**
 * Walks an input schema through objects, arrays, unions and wrappers. `pick` looks at each schema
 * met with the path it sits at: what it answers is collected and the walk goes no deeper there;
 * null walks on.
 */
function walkInput<T>(
  schema: z.ZodType,
  pick: (schema: z.ZodType, at: Path, inUnion: boolean) => T[] | null,
  at: Path = [],
  inUnion = false,
  depth = 0,
): T[] {
  const picked = pick(schema, at, inUnion);
  if (picked) return picked;
  if (depth > 8) return [];
  const walk = (inner: z.ZodType | undefined, path = at, union = inUnion) => (inner ? walkInput(inner, pick, path, union, depth + 1) : []);
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
      return Object.entries(def.shape ?? {}).flatMap(([key, field]) => walk(field, [...at, key]));
    case 'array':
      return walk(def.element, [...at, 0]);
    case 'union':
      return (def.options ?? []).flatMap((option) => walk(option, at, true));
    case 'intersection':
      return [def.left, def.right].flatMap((side) => walk(side));
    case 'pipe':
      return walk(def.in);
    case 'lazy':
      return walk(def.getter?.());
    default:
      return walk(def.innerType);
  }
}

/** Every string field an input schema takes, with its path (array items as index 0). */
export function stringFields(schema: z.ZodType): StringField[] {
  return walkInput(schema, (inner, path, inUnion) => {
    const def = defOf(inner);
    if (def.type !== 'string') return null;
    const limits = (def.checks ?? []).map((c) => c._zod.def).filter((c) => c.check === 'max_length' || c.check === 'length_equals');
    const max = limits.length ? Math.min(...limits.map((c) => c.maximum ?? c.length ?? Infinity)) : undefined;
    return [{ path, schema: inner, max, inUnion }];
  });
}

/** An enumerated field somewhere in an input schema, with the queryEnumValues class it takes. */
export interface EnumField {
  path: Path;
  enumClass: EnumClassName;
}

/** Every field built by enumField in an input schema, with its path (array items as index 0). */
export function enumFields(schema: z.ZodType): EnumField[] {
  return walkInput(schema, (inner, path) => {
    const registered = enumFieldClasses.get(inner);
    return registered ? [{ path, enumClass: registered.enumClass }] : null;
  });
}

/** The path of every named field an input schema takes. */
export function fieldPaths(schema: z.ZodType): Path[] {
  const seen = new Map<string, Path>();
  walkInput(schema, (_inner, path) => {
    if (typeof path[path.length - 1] === 'string') seen.set(path.join('.'), path);
    return null;
  });
  return [...seen.values()];
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
