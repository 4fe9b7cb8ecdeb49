import { ERRORS, type ErrorKey } from '@portal/contracts/errors';

/** A refusal from the catalogue; the error handler turns it into the envelope and HTTP status. */
export class AppError extends Error {
  readonly key: ErrorKey;
  readonly params: Record<string, string | number> | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(key: ErrorKey, params?: Record<string, string | number>, headers?: Record<string, string>) {
    super(key);
    this.key = key;
    this.params = params;
    this.headers = headers;
  }

  get code(): string {
    return ERRORS[this.key].code;
  }
}

/** A field-named validation failure (400, code 100001). */
export function invalidField(field: string, reason: string): AppError {
  return new AppError('VALIDATION', { field, reason });
}
