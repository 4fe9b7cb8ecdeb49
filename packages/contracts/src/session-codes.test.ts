import { describe, expect, it } from 'vitest';
import { ERRORS } from './errors';
import { LOCKED_CODE, PASSWORD_CHANGE_CODE, SESSION_INVALID_CODES, SILENT_CODES } from './session-codes';

describe('the codes the browser reacts to', () => {
  it('are codes of the error catalogue', () => {
    const catalogue = new Set(Object.values(ERRORS).map((entry) => entry.code));
    for (const code of [...SESSION_INVALID_CODES, ...SILENT_CODES, LOCKED_CODE]) expect(catalogue.has(code), code).toBe(true);
  });

  it('name the forced password change as the catalogue does', () => {
    expect(ERRORS.PASSWORD_CHANGE_REQUIRED.code).toBe(PASSWORD_CHANGE_CODE);
  });
});
