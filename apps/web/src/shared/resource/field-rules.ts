import type { Rule } from 'antd/es/form';
import type { z } from 'zod';
import type { Lang } from '@portal/contracts/i18n';
import { VALIDATION_REASONS, reasonOf } from '@portal/contracts/validation-messages';

/** Empty inputs become undefined so optional fields pass and required ones say "required". */
export function normalize(value: unknown): unknown {
  return value === '' || value === null ? undefined : value;
}

/**
 * A form's values with its empty inputs left out, so optional fields pass and required ones say
 * "required" (the same as `normalize` on each value); the values keep the contract's type.
 */
export function withoutEmptyInputs<T extends object>(values: T): T {
  const kept = { ...values };
  for (const key in kept) if (kept[key] === '' || kept[key] === null) delete kept[key];
  return kept;
}

/** The contract's schema of one field of a body, or undefined when the body has no such field. */
export function fieldSchema(body: z.ZodObject, name: string): z.ZodType | undefined {
  const shape: Record<string, z.ZodType> = body.shape;
  return Object.hasOwn(shape, name) ? shape[name] : undefined;
}

/**
 * An antd rule that validates one field with the contract's own schema, so a form refuses
 * exactly what the server refuses, with the same reasons in the person's language.
 */
export function contractRule(schema: z.ZodType | undefined, lang: Lang): Rule {
  return {
    validator: async (_rule, value) => {
      if (!schema) return;
      const result = schema.safeParse(normalize(value));
      if (result.success) return;
      const issue = result.error.issues[0]!;
      throw new Error(
        VALIDATION_REASONS[reasonOf({ code: issue.code, message: issue.message, origin: (issue as { origin?: unknown }).origin })][lang],
      );
    },
  };
}

/** True when the schema refuses `undefined` (the form marks the field required). */
export function isRequired(schema: z.ZodType | undefined): boolean {
  return schema ? !schema.safeParse(undefined).success : false;
}
