import { CONTRACT_PAGE_PATHS, type ContractSide } from '@portal/contracts/contracts';
import type { MessageKind } from '@portal/contracts/messages';
import { AppError } from '../../platform/errors';
import type { Scheduler } from '../../platform/scheduler';
import type { Emit, Trx, WritePath } from '../../platform/write-path';
import type { NotifyCompany } from '../messages';
import type { OrdersService } from '../orders';
import type { SmsService } from '../sms';
import type { AuditActor } from './audit';
import type { ContractSignatures } from './contract-signatures';
import type { ContractPartyRow, ContractRowData, ContractsRepo } from './contracts.repo';
import type { TemplatesRepo } from './templates.repo';

/** Timed work of contracts, keyed by contract number. */
export const CONTRACT_JOBS = {
  /** Renders the PDF of a contract made in its order's transaction. */
  generate: 'contract.generate',
  /** The signing deadline: a contract not signed by both by then expires and its order is cancelled. */
  signDeadline: 'contract.signDeadline',
} as const;

export interface ContractsDeps {
  repo: ContractsRepo;
  templates: TemplatesRepo;
  writes: WritePath;
  scheduler: Scheduler;
  orders: Pick<OrdersService, 'contractStep' | 'cancelByContract'>;
  sms: Pick<SmsService, 'send' | 'verify' | 'limitAddress'>;
  notifyCompany: NotifyCompany;
  signatures: ContractSignatures;
  /** Whether a market's setting may hold payment back at all (CONTRACT_PAYMENT_GATE). */
  paymentGate: boolean;
  /** Seconds before another SMS code may be sent to the same number. */
  smsResendSeconds: number;
  now: () => Date;
}

/** Where a request came from, for the audit trail. */
export interface RequestOrigin {
  ip: string;
  userAgent: string;
}

export interface Caller {
  userId: number;
  companyId: number;
  companyName: string;
  userName: string;
  mobile: string;
}

/** What every contract command shares: the dependencies, who calls, which side they are, and the messages. */
export function createContractContext(deps: ContractsDeps) {
  const { repo } = deps;

  async function callerOf(userId: number): Promise<Caller> {
    const member = await repo.member(userId);
    if (!member?.company_id) throw new AppError('NO_RIGHT');
    const company = await repo.company(member.company_id);
    return {
      userId,
      companyId: member.company_id,
      companyName: company?.name ?? '',
      userName: member.real_name || member.nick_name || member.account,
      mobile: member.mobile ?? '',
    };
  }

  /** The caller's party of a contract: absent contracts are not found, others' contracts not theirs. */
  async function partyOf(
    contract: ContractRowData | undefined,
    caller: Caller,
    on?: Trx,
  ): Promise<{ party: ContractPartyRow; side: ContractSide }> {
    if (!contract) throw new AppError('NOT_FOUND');
    const party = (await repo.parties(contract.id, on)).find((p) => Number(p.company_id) === caller.companyId);
    if (!party) throw new AppError('NO_RIGHT');
    return { party, side: party.side as ContractSide };
  }

  const actorOf = (caller: Caller, origin: RequestOrigin): AuditActor => ({
    userId: caller.userId,
    name: caller.userName,
    companyName: caller.companyName,
    ...origin,
  });

  async function tell(
    trx: Trx,
    contract: ContractRowData,
    to: ContractSide,
    kind: MessageKind,
    emit: Emit,
    extra: { reason?: string; party?: string } = {},
  ): Promise<void> {
    await deps.notifyCompany(
      trx,
      to === 'buyer' ? Number(contract.buyer_company_id) : Number(contract.seller_company_id),
      {
        kind,
        params: {
          contractNo: contract.contract_no,
          orderNo: contract.order_no,
          deadline: contract.sign_by,
          party: extra.party ?? (to === 'buyer' ? contract.seller_name : contract.buyer_name),
          reason: extra.reason ?? '',
        },
        link: { route: CONTRACT_PAGE_PATHS.myContracts, query: { contractNo: contract.contract_no } },
      },
      emit,
    );
  }

  function changed(emit: Emit, contract: ContractRowData, action: string): void {
    emit({
      topic: 'contract',
      key: contract.contract_no,
      action,
      companyIds: [Number(contract.buyer_company_id), Number(contract.seller_company_id)],
    });
  }

  return { ...deps, callerOf, partyOf, actorOf, tell, changed };
}
export type ContractContext = ReturnType<typeof createContractContext>;
