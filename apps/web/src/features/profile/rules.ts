import type { FormRule } from 'antd';
import type { z } from 'zod';

/**
 * An antd form rule that runs a contract schema and shows `message` for a refused value, so the
 * form and the server refuse the same values.
 */
export function schemaMessageRule(schema: z.ZodType, message: string): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      if (value === undefined || value === null || value === '') return;
      if (!schema.safeParse(value).success) throw new Error(message);
    },
  };
}
