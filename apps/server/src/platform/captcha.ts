import { randomBytes } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import type { CheckCode } from '@portal/contracts/account';
import type { KvStore } from './kv';

const TTL_MS = 5 * 60_000;
// No 0/O, 1/I/l: codes people can read.
/** svg-captcha's default export also draws a given text; its typings omit that call. */
const drawText = svgCaptcha as unknown as (text: string, options: svgCaptcha.ConfigObject) => string;
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghjkmnpqrstuvwxyz23456789';

/** Picture codes: drawn server-side with noise, kept 5 minutes under `cc`, used up by one check. */
export function createCaptcha(kv: KvStore, opts: { testCode?: string } = {}) {
  return {
    async issue(): Promise<CheckCode> {
      const drawn = svgCaptcha.create({
        size: 4,
        noise: 3,
        color: true,
        charPreset: ALPHABET,
        width: 110,
        height: 40,
        background: '#f0f4fa',
      });
      const text = opts.testCode || drawn.text;
      const image = opts.testCode ? drawText(text, { noise: 3, color: true, width: 110, height: 40, background: '#f0f4fa' }) : drawn.data;
      const cc = randomBytes(16).toString('hex');
      await kv.set(`cc:${cc}`, text.toLowerCase(), TTL_MS);
      return { cc, img: `data:image/svg+xml;base64,${Buffer.from(image).toString('base64')}` };
    },
    /** True when `answer` matches; the code is spent either way. Case-insensitive. */
    async check(cc: string | undefined, answer: string | undefined): Promise<boolean> {
      if (!cc || !answer) return false;
      const expected = await kv.take(`cc:${cc}`);
      return expected !== undefined && expected === answer.trim().toLowerCase();
    },
  };
}
export type Captcha = ReturnType<typeof createCaptcha>;
