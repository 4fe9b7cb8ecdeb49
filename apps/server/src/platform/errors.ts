import { ERRORS, type ErrorKey } from '@portal/contracts/errors';
import type { Localized } from '@portal/contracts/i18n';

/** A refusal from the catalogue; the error handler turns it into the envelope and HTTP status. */
export class AppError extends Error {
  readonly key: ErrorKey;
  readonly params: Record<string, string | number> | undefined;
  readonly headers: Record<string, string> | undefined;
  /** Parameters written in every language (a state's label); the message takes the caller's. */
  localizedParams: Record<string, Localized> | undefined;

  constructor(key: ErrorKey, params?: Record<string, string | number>, headers?: Record<string, string>) {
    super(key);
    this.key = key;
    this.params = params;
    this.headers = headers;
  }

  /** A refusal whose message names something in the caller's language, e.g. the record's state. */
  static naming(key: ErrorKey, localized: Record<string, Localized>, params?: Record<string, string | number>): AppError {
    const error = new AppError(key, params);
    error.localizedParams = localized;
    return error;
  }

  get code(): string {
    return ERRORS[this.key].code;
  }
}

/** A field-named validation failure (400, code 100001). */
export function invalidField(field: string, reason: string): AppError {
  return new AppError('VALIDATION', { field, reason });
}
