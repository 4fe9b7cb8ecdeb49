import type { z } from 'zod';
import {
  CONTRACT_LIMITS,
  CONTRACT_PLACEHOLDER_NAMES,
  type ContractMarketSetting,
  type ContractOrigin,
  type ContractTemplateDetail,
  type ContractTemplateRow,
  type contractSettingSaveBodySchema,
  type contractTemplateCreateBodySchema,
  type contractTemplatePageBodySchema,
  type contractTemplateVersionBodySchema,
} from '@portal/contracts/contracts';
import type { Lang } from '@portal/contracts/i18n';
import { AppError, invalidField } from '../../platform/errors';
import { sanitizeRichText } from '../../platform/rich-text';
import type { WritePath } from '../../platform/write-path';
import { unknownPlaceholders } from './template-fill';
import type { TemplateRow, TemplatesRepo } from './templates.repo';

interface TemplatesDeps {
  repo: TemplatesRepo;
  writes: WritePath;
  now: () => Date;
  /** The operator's name as templates record it. */
  nameOf: (userId: number) => Promise<string>;
}

const toRow = (t: TemplateRow): ContractTemplateRow => ({
  templateId: String(t.id),
  code: t.code,
  name: t.name,
  marketId: t.market_id,
  origin: t.origin as ContractOrigin,
  lang: t.lang as Lang,
  version: Number(t.version),
  active: Number(t.active) === 1,
  updatedAt: t.updated_at,
  updatedBy: t.updated_by,
});

/** Rich text as stored: sanitised, and every placeholder one the generator knows. */
function cleanText(field: 'body' | 'clauses', html: string): string {
  const clean = sanitizeRichText(html);
  const unknown = unknownPlaceholders(clean);
  if (unknown.length > 0) throw new AppError('CONTRACT_PLACEHOLDER_UNKNOWN', { name: `{{${unknown[0]}}}`, field });
  return clean;
}

/**
 * Contract templates and the signing settings per market (the operators' side). A template's
 * versions are never changed: a new text is a new version, and a contract keeps the version it was
 * made from.
 */
export function createTemplatesService(deps: TemplatesDeps) {
  const { repo, writes, now } = deps;

  async function detail(id: number): Promise<ContractTemplateDetail> {
    const t = await repo.find(id);
    if (!t) throw new AppError('NOT_FOUND');
    const [versions, counts] = await Promise.all([repo.versions(id), repo.contractCounts(id)]);
    return {
      ...toRow(t),
      versions: versions.map((v) => ({
        version: Number(v.version),
        body: v.body,
        clauses: v.clauses,
        note: v.note,
        createdAt: v.created_at,
        createdBy: v.created_by,
        contractCount: counts.get(Number(v.version)) ?? 0,
      })),
      placeholders: CONTRACT_PLACEHOLDER_NAMES,
    };
  }

  async function checkMarket(marketId: string): Promise<void> {
    if (marketId !== '' && !(await repo.marketExists(marketId))) throw invalidField('marketId', 'invalidValue');
  }

  return {
    async page(body: z.output<typeof contractTemplatePageBodySchema>) {
      const { rows, total } = await repo.page(body, body.pageNo, body.pageSize);
      return { items: rows.map(toRow), totalItem: total, pageNo: body.pageNo, pageSize: body.pageSize };
    },

    detail: (templateId: string) => detail(Number(templateId)),

    async create(userId: number, body: z.output<typeof contractTemplateCreateBodySchema>): Promise<ContractTemplateDetail> {
      const text = cleanText('body', body.body);
      const clauses = cleanText('clauses', body.clauses);
      await checkMarket(body.marketId);
      const by = await deps.nameOf(userId);
      const id = await writes.write({ actorUserId: userId, action: 'create', target: 'contract-template' }, async (trx, _emit, log) => {
        const at = now().toISOString();
        const values = {
          name: body.name,
          market_id: body.marketId,
          origin: body.origin,
          lang: body.lang,
          version: 1,
          active: body.active ? 1 : 0,
        };
        const created = await repo.insert(trx, {
          ...values,
          code: `TMP${crypto.randomUUID().replace(/-/g, '').slice(0, 30)}`,
          updated_at: at,
          updated_by: by,
        });
        await repo.update(trx, created, { code: `TPL${String(created).padStart(6, '0')}` });
        await repo.addVersion(trx, { template_id: created, version: 1, body: text, clauses, note: '', created_at: at, created_by: by });
        if (body.active) await repo.deactivateOthers(trx, { id: created, market_id: body.marketId, origin: body.origin });
        log.recordId = String(created);
        log.after = values;
        return created;
      });
      return detail(id);
    },

    async newVersion(userId: number, body: z.output<typeof contractTemplateVersionBodySchema>): Promise<ContractTemplateDetail> {
      const text = cleanText('body', body.body);
      const clauses = cleanText('clauses', body.clauses);
      const by = await deps.nameOf(userId);
      const id = Number(body.templateId);
      await writes.write({ actorUserId: userId, action: 'newVersion', target: `contract-template:${id}` }, async (trx, _emit, log) => {
        const t = await repo.find(id, trx);
        if (!t) throw new AppError('NOT_FOUND');
        const version = Number(t.version) + 1;
        const at = now().toISOString();
        // The unique (template, version) pair lets only one of two simultaneous new versions in.
        await repo.addVersion(trx, { template_id: id, version, body: text, clauses, note: body.note, created_at: at, created_by: by });
        await repo.update(trx, id, { version, name: body.name ?? t.name, updated_at: at, updated_by: by });
        log.before = { version: t.version };
        log.after = { version };
      });
      return detail(id);
    },

    async activate(userId: number, templateId: string): Promise<ContractTemplateDetail> {
      const id = Number(templateId);
      const by = await deps.nameOf(userId);
      await writes.write({ actorUserId: userId, action: 'activate', target: `contract-template:${id}` }, async (trx) => {
        const t = await repo.find(id, trx);
        if (!t) throw new AppError('NOT_FOUND');
        await repo.deactivateOthers(trx, t);
        await repo.update(trx, id, { active: 1, updated_at: now().toISOString(), updated_by: by });
      });
      return detail(id);
    },

    /** Every market's signing settings, and the platform-wide row (market '') the others default to. */
    async settingList(): Promise<ContractMarketSetting[]> {
      const [markets, rows] = await Promise.all([repo.markets(), repo.settings()]);
      const byMarket = new Map(rows.map((r) => [r.market_id, r]));
      const fallback = byMarket.get('');
      const of = (marketId: string, marketName: string): ContractMarketSetting => {
        const row = byMarket.get(marketId) ?? fallback;
        return {
          marketId,
          marketName,
          signingRequired: row ? Number(row.signing_required) === 1 : true,
          signingHours: row ? Number(row.signing_hours) : CONTRACT_LIMITS.signingHoursDefault,
        };
      };
      return [of('', ''), ...markets.map((m) => of(m.market_id, m.market_name_zh))];
    },

    async settingSave(userId: number, body: z.output<typeof contractSettingSaveBodySchema>): Promise<ContractMarketSetting> {
      await checkMarket(body.marketId);
      await writes.write(
        { actorUserId: userId, action: 'save', target: `contract-setting:${body.marketId || '*'}` },
        async (trx, _emit, log) => {
          const before = await repo.setting(body.marketId, trx);
          log.before = before && { signingRequired: before.signing_required, signingHours: before.signing_hours };
          log.after = { signingRequired: body.signingRequired, signingHours: body.signingHours };
          await repo.saveSetting(trx, {
            market_id: body.marketId,
            signing_required: body.signingRequired ? 1 : 0,
            signing_hours: body.signingHours,
            updated_at: now().toISOString(),
          });
        },
      );
      return (await this.settingList()).find((s) => s.marketId === body.marketId)!;
    },
  };
}
export type TemplatesService = ReturnType<typeof createTemplatesService>;
