import { contractMachine, contractPartyMachine, type ContractEventKind, type ContractSide } from '@portal/contracts/contracts';
import type { Lang } from '@portal/contracts/i18n';
import { AppError } from '../../platform/errors';
import { move, refusalOf } from '../../platform/transitions';
import type { Emit, Trx } from '../../platform/write-path';
import { PLATFORM_ACTOR, recordEvent } from './audit';
import { CONTRACT_JOBS, type Caller, type ContractContext, type RequestOrigin } from './context';
import { renderCertificate } from './contract-pdf';
import type { PreparedSigning } from './contract-signatures';
import type { ContractRowData } from './contracts.repo';
import { sha256Hex } from './digest';

const SIGN_REASONS: Record<ContractSide, string> = { buyer: 'Buyer signs the contract', seller: 'Seller signs the contract' };
const maskMobile = (mobile: string) => (mobile.length >= 7 ? `${mobile.slice(0, 3)}****${mobile.slice(-4)}` : '****');
/** The SMS code belongs to one user and one contract. */
const codeOwner = (contractNo: string, userId: number) => `contract:${contractNo}:${userId}`;

/**
 * The parties' calls: a fresh SMS code to the signer's own mobile, the signature it allows, or a
 * refusal with a reason. One signature at a time per contract: the row is held while a revision is made.
 */
export function createSigningFlow(c: ContractContext) {
  const { repo, writes, scheduler, orders, sms, now } = c;

  /** A contract the caller's company may still sign or decline, read for the call. */
  async function signable(contractNo: string, caller: Caller, on?: Trx) {
    const contract = on ? await repo.findByNoForUpdate(on, contractNo) : await repo.findByNo(contractNo);
    const { party, side } = await c.partyOf(contract, caller, on);
    if (contract!.state !== 1) throw refusalOf(contractMachine, contract!.state);
    if (party.state !== 0) throw refusalOf(contractPartyMachine, party.state);
    // The PDF is rendered just after the contract is made; there is nothing to sign before.
    if (Number(contract!.revision) === 0) throw new AppError('CONFLICT');
    return { contract: contract!, party, side };
  }

  /** Both signed: the certificate of completion is appended and the platform seals the file. */
  async function seal(
    trx: Trx,
    contract: ContractRowData,
    signed: Uint8Array,
    revision: number,
    signing: PreparedSigning,
    emit: Emit,
  ): Promise<void> {
    const at = now();
    const parties = await repo.parties(contract.id, trx);
    const events = await repo.events(contract.id, trx);
    const certificate = await renderCertificate({
      contractNo: contract.contract_no,
      orderNo: contract.order_no,
      lang: contract.lang as Lang,
      at,
      originalSha256: contract.original_sha256,
      signedSha256: sha256Hex(signed),
      parties: parties.map((p) => ({
        side: p.side as ContractSide,
        companyName: p.company_name,
        creditCode: p.credit_code,
        signerName: p.signer_name,
        signedAt: p.signed_at,
      })),
      events: events.map((e) => ({
        kind: e.kind as ContractEventKind,
        actorName: e.actor_name,
        companyName: e.company_name,
        at: e.at,
        ip: e.ip,
        userAgent: e.user_agent,
        digest: e.digest,
      })),
    });
    const sealed = await signing.seal(signed, certificate, at);
    const sha = sha256Hex(sealed);
    const iso = at.toISOString();
    await repo.addFile(trx, { contractId: contract.id, revision, kind: 'sealed', sha256: sha, data: sealed, at: iso });
    await move(trx, contractMachine, 'complete', contract.id, {
      to: 2,
      set: { sealed_sha256: sha, current_sha256: sha, revision, completed_at: iso, updated_at: iso },
    });
    await recordEvent(repo, trx, contract.id, 'sealed', PLATFORM_ACTOR, iso, `sha256:${sha}`);
    await scheduler.cancel(trx, CONTRACT_JOBS.signDeadline, contract.contract_no);
    await orders.contractStep(
      trx,
      Number(contract.order_id),
      { action: 'contractCompleted', actor: null, note: `${contract.contract_no} SHA-256 ${sha}` },
      emit,
    );
    await c.tell(trx, contract, 'buyer', 'contract.completed', emit);
    await c.tell(trx, contract, 'seller', 'contract.completed', emit);
  }

  return {
    async sendCode(userId: number, contractNo: string, origin: RequestOrigin, lang: Parameters<typeof sms.send>[0]['lang']) {
      const caller = await c.callerOf(userId);
      await signable(contractNo, caller);
      if (!caller.mobile) throw new AppError('CONTRACT_NO_MOBILE');
      await sms.limitAddress(origin.ip);
      await sms.send({ purpose: 'contract-sign', mobile: caller.mobile, ip: origin.ip, lang, owner: codeOwner(contractNo, userId) });
      await writes.write({ actorUserId: userId, action: 'sendCode', target: `contract:${contractNo}`, ip: origin.ip }, async (trx) => {
        const contract = await repo.findByNoForUpdate(trx, contractNo);
        await recordEvent(repo, trx, contract!.id, 'codeSent', c.actorOf(caller, origin), now().toISOString(), maskMobile(caller.mobile));
      });
      return { mobile: maskMobile(caller.mobile), resendSeconds: c.smsResendSeconds };
    },

    async sign(userId: number, body: { contractNo: string; code: string }, origin: RequestOrigin): Promise<void> {
      const caller = await c.callerOf(userId);
      const before = await signable(body.contractNo, caller);
      // The code is used up whether or not the signature follows: a retry asks for a fresh one.
      await sms.verify({ purpose: 'contract-sign', mobile: caller.mobile, code: body.code, owner: codeOwner(body.contractNo, userId) });
      const signing = await c.signatures.prepare(
        {
          companyId: caller.companyId,
          companyName: before.party.company_name,
          creditCode: before.party.credit_code || undefined,
          userName: caller.userName,
        },
        now(),
      );
      await writes.write(
        { actorUserId: userId, action: 'sign', target: `contract:${body.contractNo}`, ip: origin.ip },
        async (trx, emit, log) => {
          const { contract, party, side } = await signable(body.contractNo, caller, trx);
          const at = now();
          const iso = at.toISOString();
          await move(trx, contractPartyMachine, 'sign', party.id, {
            to: 1,
            from: [0],
            set: { signer_user_id: userId, signer_name: caller.userName, signed_at: iso },
          });
          const current = await repo.file(contract.id, Number(contract.revision), trx);
          const signed = await signing.signAsCompany(current!, { reason: SIGN_REASONS[side], at });
          const revision = Number(contract.revision) + 1;
          const sha = sha256Hex(signed);
          await repo.addFile(trx, { contractId: contract.id, revision, kind: 'signed', sha256: sha, data: signed, at: iso });
          await repo.update(trx, contract.id, { current_sha256: sha, revision, updated_at: iso });
          await recordEvent(repo, trx, contract.id, 'signed', c.actorOf(caller, origin), iso, `sha256:${sha}`);
          await orders.contractStep(
            trx,
            Number(contract.order_id),
            { action: 'contractSigned', actor: { userId, name: caller.userName }, note: `${party.company_name} SHA-256 ${sha}` },
            emit,
          );
          await c.tell(trx, contract, side === 'buyer' ? 'seller' : 'buyer', 'contract.signed', emit, { party: party.company_name });
          const waiting = (await repo.parties(contract.id, trx)).filter((p) => p.state !== 1);
          if (waiting.length === 0) await seal(trx, contract, signed, revision + 1, signing, emit);
          log.after = { side, sha256: sha };
          c.changed(emit, contract, 'sign');
        },
      );
    },

    async decline(userId: number, body: { contractNo: string; reason: string }, origin: RequestOrigin): Promise<void> {
      const caller = await c.callerOf(userId);
      await writes.write(
        { actorUserId: userId, action: 'decline', target: `contract:${body.contractNo}`, ip: origin.ip },
        async (trx, emit, log) => {
          const { contract, party, side } = await signable(body.contractNo, caller, trx);
          const iso = now().toISOString();
          await move(trx, contractPartyMachine, 'decline', party.id, {
            to: 2,
            from: [0],
            set: { signer_user_id: userId, signer_name: caller.userName, declined_at: iso, decline_reason: body.reason },
          });
          await move(trx, contractMachine, 'decline', contract.id, { to: 3, from: [1], set: { updated_at: iso } });
          await recordEvent(repo, trx, contract.id, 'declined', c.actorOf(caller, origin), iso, body.reason);
          await scheduler.cancel(trx, CONTRACT_JOBS.signDeadline, contract.contract_no);
          await orders.cancelByContract(
            trx,
            Number(contract.order_id),
            { action: 'contractDeclined', actor: { userId, name: caller.userName }, note: body.reason },
            emit,
          );
          await c.tell(trx, contract, side === 'buyer' ? 'seller' : 'buyer', 'contract.declined', emit, {
            party: party.company_name,
            reason: body.reason,
          });
          log.after = { side, state: 3 };
          c.changed(emit, contract, 'decline');
        },
      );
    },

    /** The PDF as it is now, for a party (recorded as viewed) or an operator. */
    async pdf(
      userId: number,
      contractNo: string,
      origin: RequestOrigin,
      asOperator: boolean,
    ): Promise<{ bytes: Uint8Array; name: string }> {
      const contract = await repo.findByNo(contractNo);
      if (!contract) throw new AppError('NOT_FOUND');
      if (!asOperator) {
        const caller = await c.callerOf(userId);
        await c.partyOf(contract, caller);
        await writes.write({ actorUserId: userId, action: 'view', target: `contract:${contractNo}`, ip: origin.ip }, async (trx) => {
          await repo.findByNoForUpdate(trx, contractNo);
          await recordEvent(repo, trx, contract.id, 'viewed', c.actorOf(caller, origin), now().toISOString());
        });
      }
      const bytes = await repo.file(contract.id, Number(contract.revision));
      if (!bytes) throw new AppError('NOT_FOUND');
      return { bytes, name: `${contractNo}.pdf` };
    },
  };
}
