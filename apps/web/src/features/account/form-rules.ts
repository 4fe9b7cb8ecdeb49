import type { FormRule } from 'antd';
import type { z } from 'zod';
import { ERRORS, type ErrorKey } from '@portal/contracts/errors';
import { interpolate, type Lang } from '@portal/contracts/i18n';
import type { PasswordRule } from '@portal/contracts/settings';
import { VALIDATION_REASONS, reasonOf } from '@portal/contracts/validation-messages';
import { confirmationMatches, passwordMeetsRule } from '@portal/contracts/validation-rules';

/** A catalogue message in the page's language, so the form says what the server would. */
export function catalogueText(key: ErrorKey, lang: Lang, params?: Record<string, string | number>): string {
  return interpolate(ERRORS[key].message[lang], params);
}

/**
 * An antd rule that runs a contract schema and shows its reason in `lang`, so the form refuses
 * exactly what the server refuses. Empty values are left to the `required` rule.
 */
export function schemaReasonRule(schema: z.ZodType, lang: Lang): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      if (value === undefined || value === null || value === '') return;
      const parsed = schema.safeParse(value);
      if (!parsed.success) throw new Error(VALIDATION_REASONS[reasonOf(parsed.error.issues[0]!)][lang]);
    },
  };
}

/** The configured password rule (length and character kinds), with the catalogue's message. */
export function passwordRuleRule(rule: PasswordRule, lang: Lang): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      if (typeof value !== 'string' || value === '') return;
      if (!passwordMeetsRule(value, rule))
        throw new Error(catalogueText('PASSWORD_RULE', lang, { min: rule.minLength, max: rule.maxLength, kinds: rule.minKinds }));
    },
  };
}

/** The confirmation must equal the field it confirms. */
export function confirmRule(field: string, lang: Lang): FormRule {
  return ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      if (typeof value !== 'string' || value === '') return;
      if (!confirmationMatches(String(getFieldValue(field) ?? ''), value))
        throw new Error(catalogueText('PASSWORD_CONFIRM_MISMATCH', lang));
    },
  });
}
