import { z } from 'zod';
import { CURRENCIES } from './constants';
import type { Endpoint } from './endpoint';
import { idTextSchema, pageNoSchema, pageOf, pageSizeSchema } from './paging';
import { requiredText, text } from './validation';

/** What a company user needs to see its own deposit account and ledger. */
export const DEPOSIT_PERMISSION = 'trade:deposit';
/** What an operator needs to keep the deposit accounts (list them, record money in and out). */
export const DEPOSIT_ADMIN_PERMISSION = 'trade:deposit-admin';

/** The kinds of ledger entry: money in, money out, set aside, set free, and lost to the other party. */
export const DEPOSIT_ENTRY_KINDS = ['credit', 'debit', 'freeze', 'release', 'forfeit'] as const;
export type DepositEntryKind = (typeof DEPOSIT_ENTRY_KINDS)[number];

/** The ledger page sizes the user centre offers (the portal's 8/16/24/32). */
export const DEPOSIT_PAGE_SIZE = 16;
/** Longest reference (an operator's voucher number, `order:...`, a registration or bid). */
export const DEPOSIT_REFERENCE_MAX = 100;
/** The largest single amount an operator may record, in cents (one hundred billion). */
export const DEPOSIT_AMOUNT_MAX = 10_000_000_000_000;

/** A currency the markets trade in (CNY, USD, HKD). */
export const currencySchema = z.enum(CURRENCIES);

/** One account: balance, frozen and available = balance - frozen, in integer cents of its currency. */
export const depositAccountSchema = z.object({
  currency: z.string(),
  balance: z.number().int(),
  frozen: z.number().int(),
  available: z.number().int(),
});
export type DepositAccount = z.infer<typeof depositAccountSchema>;

/** A company's accounts, one per currency it has ever held (the spec's "deposit account"). */
export const depositAccountsSchema = z.array(depositAccountSchema);

/** One ledger entry; entries are never changed or deleted. */
export const depositEntrySchema = z.object({
  id: z.string(),
  time: z.string(),
  kind: z.enum(DEPOSIT_ENTRY_KINDS),
  /** Always positive; the kind says which way it moved. */
  amount: z.number().int(),
  currency: z.string(),
  reference: z.string(),
  balanceAfter: z.number().int(),
  frozenAfter: z.number().int(),
  /** Signed: what this entry did to balance and to frozen (a forfeit lowers the payer's, raises the receiver's). */
  balanceChange: z.number().int(),
  frozenChange: z.number().int(),
});
export type DepositEntry = z.infer<typeof depositEntrySchema>;

export const depositEntriesBodySchema = z.strictObject({
  pageNo: pageNoSchema.default(1),
  pageSize: pageSizeSchema.default(DEPOSIT_PAGE_SIZE),
  currency: currencySchema.optional(),
});

const referenceSchema = requiredText(DEPOSIT_REFERENCE_MAX);

/** An operator's record of money received (credit) or paid out (debit) for one company. */
export const depositMoveBodySchema = z.strictObject({
  /** The company account's user id (its `currUserId`). */
  companyUserId: idTextSchema,
  currency: currencySchema,
  /** Integer cents, positive. */
  amount: z.number().int().min(1, { message: 'tooSmall' }).max(DEPOSIT_AMOUNT_MAX, { message: 'tooBig' }),
  /** The bank voucher or other proof the operator recorded it from. */
  reference: referenceSchema,
});
export type DepositMoveBody = z.input<typeof depositMoveBodySchema>;

/** The operator's list of accounts: one row per company and currency. */
export const depositAdminPageBodySchema = z.strictObject({
  pageNo: pageNoSchema.default(1),
  pageSize: pageSizeSchema.default(DEPOSIT_PAGE_SIZE),
  currency: currencySchema.optional(),
  /** Part of the company's name or its account name. */
  keyword: text(60).optional(),
});
export const depositAdminRowSchema = depositAccountSchema.extend({
  companyUserId: z.string(),
  companyName: z.string(),
  /** The company account's sign-in name. */
  account: z.string(),
  /** When the account last moved (UTC), or when it was opened. */
  updatedAt: z.string(),
});
export type DepositAdminRow = z.infer<typeof depositAdminRowSchema>;

export const depositAdminEntriesBodySchema = depositEntriesBodySchema.extend({ companyUserId: idTextSchema });

export const depositEndpoints = {
  account: {
    method: 'POST',
    path: '/commtrade/ws/deposit/account',
    access: { permission: DEPOSIT_PERMISSION },
    answer: depositAccountsSchema,
    summary: "The caller's company deposit accounts per currency",
  },
  entries: {
    method: 'POST',
    path: '/commtrade/ws/deposit/entries',
    access: { permission: DEPOSIT_PERMISSION },
    body: depositEntriesBodySchema,
    answer: pageOf(depositEntrySchema),
    summary: "The caller's company ledger, newest first",
  },
  credit: {
    method: 'POST',
    path: '/commtrade/ws/deposit/credit',
    access: { permission: DEPOSIT_ADMIN_PERMISSION },
    body: depositMoveBodySchema,
    answer: depositAccountsSchema,
    summary: "Operator: record money received into a company's deposit account",
  },
  debit: {
    method: 'POST',
    path: '/commtrade/ws/deposit/debit',
    access: { permission: DEPOSIT_ADMIN_PERMISSION },
    body: depositMoveBodySchema,
    answer: depositAccountsSchema,
    summary: "Operator: record money paid out of a company's deposit account (never below what is frozen)",
  },
  adminPage: {
    method: 'POST',
    path: '/commtrade/ws/deposit/adminPage',
    access: { permission: DEPOSIT_ADMIN_PERMISSION },
    body: depositAdminPageBodySchema,
    answer: pageOf(depositAdminRowSchema),
    summary: "Operator: every company's accounts",
  },
  adminEntries: {
    method: 'POST',
    path: '/commtrade/ws/deposit/adminEntries',
    access: { permission: DEPOSIT_ADMIN_PERMISSION },
    body: depositAdminEntriesBodySchema,
    answer: pageOf(depositEntrySchema),
    summary: "Operator: one company's ledger, newest first",
  },
} as const satisfies Record<string, Endpoint>;
