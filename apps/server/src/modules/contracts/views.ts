import {
  contractPdfUrl,
  type ContractAction,
  type ContractDetail,
  type ContractEventKind,
  type ContractFilter,
  type ContractOrigin,
  type ContractRow,
  type ContractSide,
} from '@portal/contracts/contracts';
import type { Lang } from '@portal/contracts/i18n';
import { AppError } from '../../platform/errors';
import type { ContractContext } from './context';
import type { AdminFilter, ContractRowData } from './contracts.repo';

type Mine = { side: ContractSide; partyState: number } | null;

function toRow(c: ContractRowData, mine: Mine): ContractRow {
  return {
    contractNo: c.contract_no,
    orderNo: c.order_no,
    origin: c.origin as ContractOrigin,
    originCode: c.origin_code,
    marketId: c.market_id,
    state: Number(c.state),
    lang: c.lang as Lang,
    templateCode: '',
    templateVersion: Number(c.template_version),
    buyerName: c.buyer_name,
    sellerName: c.seller_name,
    goodsName: c.goods_name,
    amount: Number(c.amount),
    currency: c.currency,
    createdAt: c.created_at,
    signBy: c.sign_by,
    completedAt: c.completed_at,
    mySide: mine?.side ?? '',
    myPartyState: mine ? mine.partyState : -1,
  };
}

/** What the parties and the operators read of contracts. */
export function createContractViews(c: ContractContext) {
  const { repo, templates } = c;

  async function detailOf(contract: ContractRowData, mine: Mine): Promise<ContractDetail> {
    const [parties, events, template] = await Promise.all([
      repo.parties(contract.id),
      repo.events(contract.id),
      templates.find(Number(contract.template_id)),
    ]);
    const ready = Number(contract.revision) > 0;
    const actions: ContractAction[] = mine && contract.state === 1 && mine.partyState === 0 && ready ? ['sendCode', 'sign', 'decline'] : [];
    return {
      ...toRow(contract, mine),
      templateCode: template?.code ?? '',
      parties: parties.map((p) => ({
        side: p.side as ContractSide,
        companyName: p.company_name,
        creditCode: p.credit_code,
        state: Number(p.state),
        signerName: p.signer_name,
        signedAt: p.signed_at,
        declinedAt: p.declined_at,
        declineReason: p.decline_reason,
      })),
      events: events.map((e) => ({
        kind: e.kind as ContractEventKind,
        actorName: e.actor_name,
        companyName: e.company_name,
        at: e.at,
        ip: e.ip,
        userAgent: e.user_agent,
        note: e.note,
      })),
      sha256: contract.current_sha256,
      originalSha256: contract.original_sha256,
      pdfUrl: ready ? contractPdfUrl(contract.contract_no) : '',
      signingRequiredBeforePayment: Number(contract.signing_required) === 1,
      actions,
    };
  }

  async function mineOf(userId: number, contract: ContractRowData | undefined): Promise<{ contract: ContractRowData; mine: Mine }> {
    const caller = await c.callerOf(userId);
    const { party, side } = await c.partyOf(contract, caller);
    return { contract: contract!, mine: { side, partyState: Number(party.state) } };
  }

  return {
    async page(userId: number, body: { pageNo: number; pageSize: number; filter?: ContractFilter }) {
      const caller = await c.callerOf(userId);
      const [{ rows, total }, counts] = await Promise.all([
        repo.page(caller.companyId, body.filter, body.pageNo, body.pageSize),
        repo.counts(caller.companyId),
      ]);
      return {
        items: rows.map((r) => toRow(r, { side: r.my_side as ContractSide, partyState: Number(r.my_party_state) })),
        totalItem: total,
        pageNo: body.pageNo,
        pageSize: body.pageSize,
        counts,
      };
    },

    async detail(userId: number, contractNo: string): Promise<ContractDetail> {
      const { contract, mine } = await mineOf(userId, await repo.findByNo(contractNo));
      return detailOf(contract, mine);
    },

    /** The order's contract for one of its parties; null while it has none. */
    async ofOrder(userId: number, orderNo: string): Promise<ContractDetail | null> {
      const contract = await repo.findByOrderNo(orderNo);
      if (!contract) {
        const caller = await c.callerOf(userId);
        if (!(await repo.isOrderParty(orderNo, caller.companyId))) throw new AppError('NOT_FOUND');
        return null;
      }
      const { mine } = await mineOf(userId, contract);
      return detailOf(contract, mine);
    },

    async adminPage(body: AdminFilter & { pageNo: number; pageSize: number }) {
      const { rows, total } = await repo.adminPage(body, body.pageNo, body.pageSize);
      return { items: rows.map((r) => toRow(r, null)), totalItem: total, pageNo: body.pageNo, pageSize: body.pageSize };
    },

    async adminDetail(contractNo: string): Promise<ContractDetail> {
      const contract = await repo.findByNo(contractNo);
      if (!contract) throw new AppError('NOT_FOUND');
      return detailOf(contract, null);
    },
  };
}
