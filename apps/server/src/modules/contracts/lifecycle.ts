import { contractMachine, contractPartyMachine, type ContractOrigin } from '@portal/contracts/contracts';
import type { Lang } from '@portal/contracts/i18n';
import type { OrderSnapshot } from '@portal/contracts/orders';
import { sha256Hex } from './digest';
import { AppError } from '../../platform/errors';
import { create, moveIfAllowed } from '../../platform/transitions';
import type { Emit, Trx } from '../../platform/write-path';
import type { OrderRowData } from '../orders';
import { PLATFORM_ACTOR, recordEvent } from './audit';
import { CONTRACT_JOBS, type ContractContext } from './context';
import { renderContract } from './contract-pdf';
import { dealValues, fillTemplate, type PartyFacts } from './template-fill';

const HOUR_MS = 3_600_000;
const ymd = (d: Date) => d.toISOString().slice(0, 10).replace(/-/g, '');

/**
 * A contract's life without anyone's call: made when its order comes to await payment, rendered
 * by a timed job right after, expired by its deadline; and the check every payment passes.
 */
export function createContractLifecycle(c: ContractContext) {
  const { repo, templates, scheduler, orders, now } = c;

  async function partyFacts(companyId: number, trx: Trx): Promise<PartyFacts> {
    const company = await repo.company(companyId, trx);
    return {
      name: company?.name ?? '',
      creditCode: company?.credit_code ?? '',
      address: company?.address ?? '',
      contact: company?.contact_name ?? '',
      phone: company?.contact_phone ?? '',
    };
  }

  return {
    /**
     * Inside the order's transaction: the contract row and its parties, from the template its
     * market and origin use now, with the signing deadline and the market's rule on payment. The
     * PDF follows in a job, so a result that settles many orders does not render them all at once.
     */
    async open(trx: Trx, order: OrderRowData, emit: Emit): Promise<void> {
      if (await repo.findByOrderId(order.id, trx)) return;
      const origin = order.origin as ContractOrigin;
      const marketId = order.listing_id === null ? '' : await repo.listingMarket(order.listing_id, trx);
      const template = await templates.active(marketId, origin, trx);
      // Without any template the deal goes on as before contracts existed.
      if (!template) return;
      const setting = await templates.setting(marketId, trx);
      const at = now();
      const snapshot = JSON.parse(order.snapshot_json) as OrderSnapshot;
      const row = await create(trx, contractMachine, 'generate', 1, {
        contract_no: `TMP${crypto.randomUUID().replace(/-/g, '').slice(0, 30)}`,
        order_id: order.id,
        order_no: order.order_no,
        origin,
        origin_code: order.origin_code,
        market_id: marketId,
        lang: template.lang,
        template_id: template.id,
        template_version: Number(template.version),
        buyer_company_id: order.buyer_company_id,
        seller_company_id: order.seller_company_id,
        buyer_name: order.buyer_name,
        seller_name: order.seller_name,
        goods_name: snapshot.goodsSkuName,
        amount: Number(order.amount),
        currency: order.currency,
        signing_required: c.paymentGate && (setting ? Number(setting.signing_required) === 1 : true) ? 1 : 0,
        sign_by: new Date(at.getTime() + (setting ? Number(setting.signing_hours) : 48) * HOUR_MS).toISOString(),
        original_sha256: '',
        current_sha256: '',
        revision: 0,
        created_at: at.toISOString(),
        updated_at: at.toISOString(),
      });
      const contractNo = `HT${ymd(at)}${String(row.id).padStart(8, '0')}`;
      await repo.update(trx, row.id, { contract_no: contractNo });
      for (const [side, companyId, name] of [
        ['buyer', order.buyer_company_id, order.buyer_name],
        ['seller', order.seller_company_id, order.seller_name],
      ] as const) {
        const facts = await partyFacts(companyId, trx);
        await create(trx, contractPartyMachine, 'create', 0, {
          contract_id: row.id,
          side,
          company_id: companyId,
          company_name: name,
          credit_code: facts.creditCode,
          signer_user_id: null,
        });
      }
      await scheduler.schedule(trx, { kind: CONTRACT_JOBS.generate, key: contractNo, runAt: at });
      await scheduler.schedule(trx, { kind: CONTRACT_JOBS.signDeadline, key: contractNo, runAt: new Date(row.sign_by) });
      emit({ topic: 'contract', key: contractNo, action: 'open', companyIds: [order.buyer_company_id, order.seller_company_id] });
    },

    /** The contract's first revision: the template's version filled with the deal, as a PDF. */
    async generate(trx: Trx, contractNo: string, emit: Emit): Promise<void> {
      const contract = await repo.findByNoForUpdate(trx, contractNo);
      if (!contract || Number(contract.revision) > 0 || contract.state !== 1) return;
      const order = await repo.order(Number(contract.order_id), trx);
      const version = await templates.version(Number(contract.template_id), Number(contract.template_version), trx);
      if (!order || !version) throw new Error(`contract ${contractNo}: its order or template version is missing`);
      const lang = contract.lang as Lang;
      const at = now();
      const values = dealValues({
        contractNo,
        orderNo: contract.order_no,
        madeAt: new Date(contract.created_at),
        lang,
        buyer: await partyFacts(Number(contract.buyer_company_id), trx),
        seller: await partyFacts(Number(contract.seller_company_id), trx),
        snapshot: JSON.parse(order.snapshot_json) as OrderSnapshot,
        quantityMilli: Number(order.quantity_milli),
        amount: Number(order.amount),
        currency: order.currency,
        depositFrozen: Number(order.deposit_frozen),
        deliveryAddress: order.delivery_address,
        payBy: order.pay_by,
        clauses: version.clauses,
      });
      const pdf = await renderContract(fillTemplate(version.body, values), { contractNo, lang, at, title: contractNo });
      const sha = sha256Hex(pdf);
      await repo.addFile(trx, { contractId: contract.id, revision: 1, kind: 'generated', sha256: sha, data: pdf, at: at.toISOString() });
      await repo.update(trx, contract.id, { original_sha256: sha, current_sha256: sha, revision: 1, updated_at: at.toISOString() });
      await recordEvent(repo, trx, contract.id, 'generated', PLATFORM_ACTOR, at.toISOString(), `sha256:${sha}`);
      await orders.contractStep(
        trx,
        Number(contract.order_id),
        { action: 'contractGenerated', actor: null, note: `${contractNo} SHA-256 ${sha}` },
        emit,
      );
      await c.tell(trx, contract, 'buyer', 'contract.generated', emit);
      await c.tell(trx, contract, 'seller', 'contract.generated', emit);
      c.changed(emit, contract, 'generate');
    },

    /**
     * The deadline passed without both signatures: the contract expires. An order its market holds
     * for the contract is cancelled, deposits released; any other order goes on without it.
     */
    async expire(trx: Trx, contractNo: string, runAt: string, emit: Emit): Promise<void> {
      const contract = await repo.findByNoForUpdate(trx, contractNo);
      if (!contract || contract.state !== 1 || contract.sign_by > runAt) return;
      const at = now().toISOString();
      const moved = await moveIfAllowed(trx, contractMachine, 'expire', contract.id, { to: 4, set: { updated_at: at } });
      if (!moved) return;
      await scheduler.cancel(trx, CONTRACT_JOBS.generate, contractNo);
      await recordEvent(repo, trx, contract.id, 'expired', PLATFORM_ACTOR, at);
      if (Number(contract.signing_required) === 1) {
        await orders.cancelByContract(trx, Number(contract.order_id), { action: 'contractExpired', actor: null, note: contractNo }, emit);
        await c.tell(trx, contract, 'buyer', 'contract.expired', emit);
        await c.tell(trx, contract, 'seller', 'contract.expired', emit);
      }
      c.changed(emit, contract, 'expire');
    },

    /** An order whose market requires it is paid only once its contract is completed. */
    async guardPayment(on: Trx | undefined, order: OrderRowData): Promise<void> {
      const contract = await repo.findByOrderId(order.id, on);
      if (contract && Number(contract.signing_required) === 1 && contract.state !== 2) throw new AppError('CONTRACT_NOT_SIGNED');
    },
  };
}
export type ContractLifecycle = ReturnType<typeof createContractLifecycle>;
