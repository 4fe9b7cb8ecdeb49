import type { FastifyBaseLogger } from 'fastify';
import type { SmsOutboxRepo } from './sms.repo';

export interface SmsMessage {
  mobile: string;
  purpose: string;
  text: string;
  /** The code the text carries, or '' for a notice. */
  code: string;
  at: string;
}

/** Where SMS messages go. More providers plug in by implementing this. */
export interface SmsProvider {
  send(message: SmsMessage): Promise<void>;
}

/** Stores each message and writes it to the log, so a person trying the product can read codes. */
export function createOutboxProvider(outbox: SmsOutboxRepo, log: FastifyBaseLogger | null): SmsProvider {
  return {
    async send(m) {
      await outbox.insert({ mobile: m.mobile, purpose: m.purpose, text: m.text, code: m.code, sent_at: m.at });
      log?.info({ sms: { mobile: m.mobile, purpose: m.purpose, text: m.text } }, 'sms outbox');
    },
  };
}

/** Posts `{mobile, text, purpose}` as JSON to a gateway; anything but 2xx counts as a failure. */
export function createHttpProvider(url: string, token: string, timeoutMs = 5000): SmsProvider {
  return {
    async send(m) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ mobile: m.mobile, text: m.text, purpose: m.purpose }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) throw new Error(`sms gateway answered ${response.status}`);
    },
  };
}
