import { describe, expect, it } from 'vitest';
import { ERRORS } from './errors';
import { LOCKED_CODE, SESSION_INVALID_CODES, SILENT_CODES } from './session-codes';

describe('the codes the browser reacts to', () => {
  it('are codes of the error catalogue', () => {
    const catalogue = new Set(Object.values(ERRORS).map((entry) => entry.code));
    for (const code of [...SESSION_INVALID_CODES, ...SILENT_CODES, LOCKED_CODE]) expect(catalogue.has(code), code).toBe(true);
  });
});
