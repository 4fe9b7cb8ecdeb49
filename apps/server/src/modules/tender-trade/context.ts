import { PAGE_PATHS } from '@portal/contracts/page-paths';
import { canonicalJson, GENESIS_DIGEST as CHAIN_GENESIS, linkDigest as chainDigest } from '../../platform/hash-chain';
import { fromMilli, toMilli } from '@portal/contracts/quantity';
import type { NotifyCompany } from '../messages';
import { tenderMachine } from '@portal/contracts/tender-trade';
import type { StateOf, TransitionOf } from '@portal/contracts/state-machine';
import type { TenderTable } from '../../db/schema';
import { AppError } from '../../platform/errors';
import type { Scheduler } from '../../platform/scheduler';
import type { Sealer } from '../../platform/sealing';
import { moveFrom, refusalOf, type Stateless } from '../../platform/transitions';
import type { Emit, Trx, WritePath } from '../../platform/write-path';
import type { DepositLedger } from '../deposits';
import type { MessageDraft } from '../messages';
import type { FilesService } from '../files';
import type { OrdersService } from '../orders';
import type { SealedLine } from './tender-sealing';
import type { TenderBidRow, TenderRow, TenderTradeRepo } from './tender-trade.repo';

/** The scope under which a bid's attachments are linked to it (`bidId:version`). */
export const TENDER_BID_FILES = 'tender-bid';
/** Where messages take the buyer and the supplier. */
export const MY_TENDERS_ROUTE = PAGE_PATHS.myTenders;
export const MY_TENDER_BIDS_ROUTE = PAGE_PATHS.myTenderBids;
export const TENDER_PUBLIC_ROUTE = '/biddingTender';

export interface TenderPolicy {
  review: boolean;
  minValidBids: number;
  minNoticeSeconds: number;
  minBiddingSeconds: number;
}

export interface TenderTradeDeps {
  repo: TenderTradeRepo;
  writes: WritePath;
  scheduler: Scheduler;
  sealer: Sealer;
  orders: Pick<OrdersService, 'createSettled'>;
  /** Links a bid's attachments to it (the supplier's own uploads only). */
  files: Pick<FilesService, 'attach'>;
  deposits: Pick<DepositLedger, 'freeze' | 'release'>;
  notifyCompany: NotifyCompany;
  /** Writes one message to each of these users in the caller's transaction (the messages module). */
  notifyUsers: (trx: Trx, userIds: number[], draft: MessageDraft, emit: Emit) => Promise<void>;
  /** True when the user may review tenders (an operator). */
  isReviewer: (userId: number) => Promise<boolean>;
  policy: TenderPolicy;
  now: () => Date;
}

/** The refusal of an action the tender's current state does not allow, naming that state. */
export const stateRefusal = (state: number): AppError => refusalOf(tenderMachine, state);
type TenderState = StateOf<typeof tenderMachine>;
type TenderTransition = TransitionOf<typeof tenderMachine>;
type TenderColumns = Stateless<TenderTable, 'obj_state'>;

export const ymd = (d: Date) => d.toISOString().slice(0, 10).replace(/-/g, '');
export const iso = (text: string) => new Date(text).toISOString();
export const lineOut = (l: SealedLine) => ({
  lineNo: l.lineNo,
  unitPrice: l.unitPrice,
  quantity: fromMilli(l.quantityMilli),
  deliveryDate: l.deliveryDate,
});
export const toSealedLines = (lines: { lineNo: number; unitPrice: number; quantity: number; deliveryDate: string }[]): SealedLine[] =>
  [...lines]
    .sort((a, b) => a.lineNo - b.lineNo)
    .map((l) => ({ lineNo: l.lineNo, unitPrice: l.unitPrice, quantityMilli: toMilli(l.quantity), deliveryDate: l.deliveryDate }));

export interface AnswerContent {
  answer: string;
  lines: SealedLine[];
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/**
 * What every tender command shares: the dependencies, whose tender it is, moving its state,
 * change events and messages, deposits back to bidders and the record chain.
 */
export function createTenderContext(deps: TenderTradeDeps) {
  const { repo, now } = deps;

  async function companyOf(userId: number, on?: Trx) {
    const member = await repo.member(userId, on);
    if (!member?.company_id) throw new AppError('NOT_FOUND');
    return { companyId: member.company_id, name: member.company_name ?? member.nick_name };
  }

  /** The caller's own tender, locked, or 404 (another company's tender is never hinted at). */
  async function ownTender(trx: Trx, userId: number, id: number): Promise<TenderRow> {
    const { companyId } = await companyOf(userId, trx);
    const row = await repo.findForUpdate(trx, id);
    if (!row || row.company_id !== companyId) throw new AppError('NOT_FOUND');
    return row;
  }

  /** Moves the tender as it was read (held for the transaction) by `transition`, with the other columns it writes. */
  const move = (trx: Trx, row: TenderRow, transition: TenderTransition, to: TenderState, values: TenderColumns = {}) =>
    moveFrom(trx, tenderMachine, transition, row, { to, set: { ...values, updated_at: now().toISOString() } });

  const changed = (emit: Emit, row: TenderRow, action: string, companyIds: number[] = []) =>
    emit({
      topic: 'tender',
      key: String(row.id),
      action,
      companyIds: [...new Set([row.company_id ?? 0, ...companyIds].filter(Boolean))],
      data: { objState: row.obj_state },
    });

  const tenderParams = (row: TenderRow) => ({ tenderNo: row.tender_no, tenderName: row.tender_name });
  const tell = (
    trx: Trx,
    companyId: number,
    kind: MessageDraft['kind'],
    params: MessageDraft['params'],
    route: string,
    query: Record<string, string>,
    emit: Emit,
  ) => deps.notifyCompany(trx, companyId, { kind, params, link: { route, query } }, emit);
  const tellBuyer = (trx: Trx, row: TenderRow, kind: MessageDraft['kind'], extra: MessageDraft['params'], emit: Emit) =>
    row.company_id
      ? tell(trx, row.company_id, kind, { ...tenderParams(row), ...extra }, MY_TENDERS_ROUTE, { id: String(row.id) }, emit)
      : Promise.resolve();
  /** One message to every user of the bidders' companies, written in one statement (an opening may tell hundreds). */
  async function tellBidders(
    trx: Trx,
    row: TenderRow,
    bids: TenderBidRow[],
    kind: MessageDraft['kind'],
    extra: MessageDraft['params'],
    emit: Emit,
  ): Promise<void> {
    if (bids.length === 0) return;
    const users = await repo.usersOfCompanies([...new Set(bids.map((b) => b.supplier_company_id))], trx);
    await deps.notifyUsers(
      trx,
      users,
      {
        kind,
        params: { ...tenderParams(row), party: row.user_name, ...extra },
        link: { route: MY_TENDER_BIDS_ROUTE, query: { tenderId: String(row.id) } },
      },
      emit,
    );
  }

  async function releaseDeposits(trx: Trx, row: TenderRow, bids: TenderBidRow[], emit: Emit): Promise<void> {
    for (const bid of bids) {
      const frozen = Number(bid.deposit_frozen);
      if (frozen <= 0) continue;
      await deps.deposits.release(
        trx,
        { companyId: bid.supplier_company_id, currency: row.currency, amount: frozen, reference: `tender-bid:${bid.id}` },
        emit,
      );
      await repo.updateBid(trx, bid.id, { deposit_frozen: 0 });
    }
  }

  async function appendChain(trx: Trx, row: TenderRow, kind: string, content: Record<string, unknown>): Promise<string> {
    const chain = await repo.chain(row.id, trx);
    const prev = chain.at(-1)?.digest ?? CHAIN_GENESIS;
    const text = canonicalJson({ kind, tenderId: row.id, tenderNo: row.tender_no, ...content });
    const digest = chainDigest(prev, text);
    await repo.insertChain(trx, {
      tender_id: row.id,
      seq: chain.length + 1,
      kind,
      content: text,
      prev_digest: prev,
      digest,
      created_at: now().toISOString(),
    });
    await repo.update(trx, row.id, { chain_digest: digest });
    return digest;
  }

  return { ...deps, companyOf, ownTender, move, changed, tenderParams, tell, tellBuyer, tellBidders, releaseDeposits, appendChain };
}
export type TenderContext = ReturnType<typeof createTenderContext>;
