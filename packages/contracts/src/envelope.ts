import { z } from 'zod';

/** Every JSON answer is this envelope; `"0"` in the three code fields means success. */
export const envelopeBaseSchema = z.object({
  return_code: z.string(),
  error_no: z.string(),
  error_code: z.string(),
  error_info: z.string(),
});

export function envelopeOf<T extends z.ZodType>(data: T) {
  return envelopeBaseSchema.extend({ data });
}

export type Envelope<T> = z.infer<typeof envelopeBaseSchema> & { data: T };

export const SUCCESS_CODE = '0';

export function okEnvelope<T>(data: T): Envelope<T> {
  return { return_code: SUCCESS_CODE, error_no: SUCCESS_CODE, error_code: SUCCESS_CODE, error_info: '', data };
}

/** An empty success answer. */
export const emptySchema = z.null();
