import type { FastifyRequest } from 'fastify';
import { ERRORS, type ErrorKey } from '@portal/contracts/errors';
import { interpolate, pickLang, type Lang } from '@portal/contracts/i18n';
import { readerZone, type Reader } from '@portal/contracts/reader';

/** The caller's language: the `lang` cookie, else Accept-Language, else zh-CN. */
export function langOf(request: FastifyRequest): Lang {
  return pickLang(request.cookies?.lang, request.headers['accept-language']);
}

/** A catalogue message in the given language. */
export function messageOf(key: ErrorKey, lang: Lang, params?: Record<string, string | number>): string {
  return interpolate(ERRORS[key].message[lang], params);
}

/** The caller as a reader: their language and the time zone their browser sent in the `tz` cookie. */
export function readerOf(request: FastifyRequest): Reader {
  return { lang: langOf(request), timeZone: readerZone(request.cookies?.tz) };
}
