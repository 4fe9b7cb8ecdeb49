import { CONTRACT_ADMIN_PERMISSION, CONTRACT_PERMISSION } from '@portal/contracts/contracts';
import { localized as l } from '@portal/contracts/constants';
import { defineModule } from '../../platform/module';
import { contracts as contractsMigration } from './migrations/305-contracts';
import { createContractSignatures } from './contract-signatures';
import { createContractsRepo } from './contracts.repo';
import { registerContractsRoutes } from './contracts.routes';
import { CONTRACT_JOBS, createContractsService, type ContractsService } from './contracts.service';
import { contractKeyring, contractKeysMigration, createContractKeys } from './signing';
import { createTemplatesRepo } from './templates.repo';
import { createTemplatesService } from './templates.service';

declare module '../../platform/module' {
  interface ProvidedServices {
    contracts: ContractsService;
  }
}

/** Electronic contracts of every deal: templates, generation, SMS-code signing, the platform's seal, the public check. */
export const contractsModule = defineModule({
  name: 'contracts',
  migrations: { '300-contract-keys': contractKeysMigration, '305-contracts': contractsMigration },
  title: l('电子合同', 'Electronic contracts', '電子合約'),
  permissions: [
    {
      code: CONTRACT_PERMISSION,
      title: l('查看、签署与拒签本企业合同', "View, sign and decline the own company's contracts", '查看、簽署與拒簽本企業合約'),
    },
    {
      code: CONTRACT_ADMIN_PERMISSION,
      title: l('合同模板、签署设置与合同监管', 'Contract templates, signing settings and supervision', '合約範本、簽署設定與合約監管'),
    },
  ],
  menus: ['trading-contracts', 'trading-admin-contracts', 'trading-admin-contract-templates', 'trading-admin-contract-settings'],
  settings: ['CONTRACT_KEY', 'CONTRACT_KEY_FILE', 'CONTRACT_PAYMENT_GATE', 'DATA_DIR', 'SMS_RESEND_SECONDS'],
  errorCodes: [
    'CONTRACT_STATE_NOT_ALLOWED',
    'CONTRACT_ALREADY_SIGNED',
    'CONTRACT_NOT_SIGNED',
    'CONTRACT_NO_MOBILE',
    'CONTRACT_PLACEHOLDER_UNKNOWN',
    'CONTRACT_PDF_UNREADABLE',
  ],
  services(ctx) {
    const s = ctx.settings;
    const orders = ctx.need('orders');
    const repo = createContractsRepo(ctx.db, ctx.dialect);
    const templatesRepo = createTemplatesRepo(ctx.db);
    const keys = createContractKeys({ db: ctx.db, keyring: contractKeyring(s), now: ctx.now });
    const contracts = createContractsService({
      repo,
      templates: templatesRepo,
      writes: ctx.writes,
      scheduler: ctx.scheduler,
      orders,
      sms: ctx.need('sms'),
      notifyCompany: ctx.need('messages').notifyCompany,
      signatures: createContractSignatures(keys),
      paymentGate: s.CONTRACT_PAYMENT_GATE,
      smsResendSeconds: s.SMS_RESEND_SECONDS,
      now: ctx.now,
    });
    const templates = createTemplatesService({
      repo: templatesRepo,
      writes: ctx.writes,
      now: ctx.now,
      nameOf: async (userId) => {
        const m = await repo.member(userId);
        return m ? m.real_name || m.nick_name || m.account : '';
      },
    });
    // Every order that comes to await payment gets its contract in the same transaction.
    orders.onConfirmed((trx, order, emit) => contracts.open(trx, order, emit));
    orders.guardPayment((trx, order) => contracts.guardPayment(trx, order));
    return { contracts, templates };
  },
  provides: ({ contracts }) => ({ contracts }),
  jobs: ({ contracts }) => ({
    [CONTRACT_JOBS.generate]: (trx, job, emit) => contracts.generate(trx, job.key, emit),
    [CONTRACT_JOBS.signDeadline]: (trx, job, emit) => contracts.expire(trx, job.key, job.runAt, emit),
  }),
  routes: (app, { contracts, templates }, ctx) => registerContractsRoutes(app, { access: ctx.need('access'), contracts, templates }),
});
