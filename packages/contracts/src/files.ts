import { z } from 'zod';
import { inputString } from './validation';
import type { Endpoint } from './endpoint';

/** Stored file ids: short, URL-safe and never reused, so an answer may be cached forever. */
export const FILE_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export const fileDownloadQuerySchema = z.strictObject({
  fileId: inputString()
    .min(1, { message: 'required' })
    .max(64, { message: 'tooLong' })
    .regex(FILE_ID_PATTERN, { message: 'invalidFormat' }),
});
export type FileDownloadQuery = z.infer<typeof fileDownloadQuerySchema>;

export const filesEndpoints = {
  download: {
    method: 'GET',
    path: '/file/download',
    access: 'public',
    query: fileDownloadQuerySchema,
    /** The bytes themselves with their content type; failures are envelopes. */
    answer: z.unknown(),
    summary: 'A stored file (images of banners, logos, listings); cached for a year, 404 envelope when absent',
  },
} as const satisfies Record<string, Endpoint>;

/** The URL that serves a stored file; what image fields carry on the wire. */
export function fileUrl(fileId: string): string {
  return `${filesEndpoints.download.path}?fileId=${encodeURIComponent(fileId)}`;
}
