import { z } from 'zod';
import { inputString } from './validation';
import type { Endpoint } from './endpoint';

/** What an SMS code is for; a code only verifies for the purpose it was sent for. */
export const SMS_PURPOSES = ['login', 'register', 'reset', 'change-mobile', 'contract-sign'] as const;
export type SmsPurpose = (typeof SMS_PURPOSES)[number];

/** SMS code rules; the limits themselves are settings. */
export const SMS_CODE_RULES = { length: 6, ttlMs: 5 * 60_000, maxTries: 5 } as const;

export const smsOutboxEntrySchema = z.object({
  mobile: z.string(),
  text: z.string(),
  code: z.string(),
  /** ISO time. */
  sentAt: z.string(),
});
export type SmsOutboxEntry = z.infer<typeof smsOutboxEntrySchema>;

export const smsOutboxQuerySchema = z.strictObject({
  mobile: inputString().trim().min(1, { message: 'required' }).max(11, { message: 'tooLong' }),
});

/** Registered only with TEST_HOOKS=on (refused in production). */
export const smsEndpoints = {
  smsOutbox: {
    method: 'GET',
    path: '/dev/sms-outbox',
    access: 'public',
    query: smsOutboxQuerySchema,
    answer: z.array(smsOutboxEntrySchema),
    summary: 'Test hook: the messages the outbox provider sent to a number, newest first',
  },
} as const satisfies Record<string, Endpoint>;
