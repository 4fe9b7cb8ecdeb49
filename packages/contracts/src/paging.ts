import { z } from 'zod';
import { inputString } from './validation';
import { MAX_PAGE_NO, MAX_PAGE_SIZE } from './constants';

/** 1-based page number of the public lists. */
export const pageNoSchema = z.number().int().min(1).max(MAX_PAGE_NO);
export const pageSizeSchema = z.number().int().min(1).max(MAX_PAGE_SIZE);

/** A page of rows with the total the pager shows. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), totalItem: z.number().int(), pageNo: z.number().int(), pageSize: z.number().int() });
}

/** Ids travel as strings (STYLE.md); a numeric row id is accepted as its decimal text. */
export const idTextSchema = inputString()
  .trim()
  .regex(/^\d{1,12}$/, { message: 'invalidFormat' });
