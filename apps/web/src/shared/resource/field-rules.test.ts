import { describe, expect, it } from 'vitest';
import { tenantsResource } from '@portal/contracts/admin';
import { z } from 'zod';
import { contractRule, fieldSchema, isRequired, withoutEmptyInputs } from './field-rules';

type Validator = (rule: unknown, value: unknown) => Promise<void>;
const validate = (name: keyof typeof tenantsResource.create.shape, value: unknown, lang: 'zh-CN' | 'en-US' = 'zh-CN') =>
  (contractRule(tenantsResource.create.shape[name], lang) as { validator: Validator }).validator({}, value);

describe('form rules from the contract', () => {
  it('refuses what the server refuses, with the reason in the person language', async () => {
    await expect(validate('tenant_name', '')).rejects.toThrow('不能为空');
    await expect(validate('tenant_name', 'x'.repeat(101), 'en-US')).rejects.toThrow('is too long');
    await expect(validate('tenant_id', 'T 1')).rejects.toThrow('格式不正确');
    await expect(validate('tenant_id', 'T001')).resolves.toBeUndefined();
    await expect(validate('kind_code', '')).resolves.toBeUndefined();
  });

  it('marks as required exactly the fields the schema requires', () => {
    expect(isRequired(tenantsResource.create.shape.tenant_name)).toBe(true);
    expect(isRequired(tenantsResource.create.shape.kind_code)).toBe(false);
  });
});

describe('form values sent as a contract body', () => {
  it('leave empty inputs out, so optional fields pass and required ones say required', () => {
    expect(withoutEmptyInputs({ name: 'ACME', email: '', phone: null, sort: 0, on: false })).toEqual({ name: 'ACME', sort: 0, on: false });
  });

  it('validate each field with its own schema from the body', () => {
    const body = z.strictObject({ name: z.string().min(1) });
    expect(fieldSchema(body, 'name')?.safeParse('').success).toBe(false);
    expect(fieldSchema(body, 'other')).toBeUndefined();
    expect(fieldSchema(body, 'toString')).toBeUndefined();
  });
});
