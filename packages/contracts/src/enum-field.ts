import { z } from 'zod';
import type { Localized } from './i18n';
import { ENUM_CLASSES, type EnumClassName } from './trade-constants';

/**
 * Enumerated input fields. queryEnumValues answers every value as text ("1"); clients send them
 * as answered or as numbers (1). Every field that takes an enumeration is built here, so each
 * takes both forms and hands the service the value as the enumeration declares it (a number
 * for numeric codes, the letter for lettered ones).
 */

type Table = Readonly<Record<string | number, Localized>>;
type CodeOf<T> = Extract<keyof T, string | number>;
type ClassCode<C extends EnumClassName> = CodeOf<(typeof ENUM_CLASSES)[C]>;
/** What a client may send for a code: the code itself or, for a numeric code, any number or the code's text. */
type WireForm<V> = [V] extends [number] ? number | `${V}` : V;
export type EnumFieldSchema<V extends string | number> = z.ZodType<V, WireForm<V>>;

/** The queryEnumValues class each enumerated field takes its values from; tests find the fields by it. */
export const enumFieldClasses = z.registry<{ enumClass: EnumClassName }>();

const refusal = (issue: { input?: unknown }) => (issue.input === undefined ? 'required' : 'invalidValue');

/**
 * A field taking the values of a queryEnumValues class. `table` lets a field take more than the
 * class (the owner's own list also filters on states the public never sees), never fewer: a
 * table missing one of the class's values fails as the contracts load.
 */
export function enumField<C extends EnumClassName>(className: C): EnumFieldSchema<ClassCode<C>>;
export function enumField<C extends EnumClassName, T extends Table>(
  className: C,
  table: T & Record<ClassCode<C>, Localized>,
): EnumFieldSchema<CodeOf<T>>;
export function enumField(className: EnumClassName, table: Table = ENUM_CLASSES[className]): EnumFieldSchema<string | number> {
  const codes = Object.keys(table) as [string, ...string[]];
  const missing = Object.keys(ENUM_CLASSES[className]).filter((code) => !codes.includes(code));
  if (missing.length > 0) throw new Error(`An enumerated field of ${className} must take ${missing.join(', ')} too`);
  const asText = z.enum(codes, { error: refusal });
  const schema = codes.every((code) => /^\d+$/.test(code))
    ? z.union([asText, z.literal(codes.map(Number), { error: refusal })], { error: refusal }).transform(Number)
    : asText;
  schema.register(enumFieldClasses, { enumClass: className });
  return schema as unknown as EnumFieldSchema<string | number>;
}
