import { DEPOSIT_ADMIN_PERMISSION, DEPOSIT_PERMISSION } from '@portal/contracts/deposits';
import { localized as l } from '@portal/contracts/constants';
import { deposits as depositsMigration } from './migrations/115-deposits';
import { defineModule } from '../../platform/module';
import { createDepositLedger, type DepositLedger } from './deposit-ledger';
import { createDepositsRepo } from './deposits.repo';
import { registerDepositsRoutes } from './deposits.routes';
import { createDepositsService } from './deposits.service';

declare module '../../platform/module' {
  interface ProvidedServices {
    /** Freeze, release and forfeit inside other modules' transactions. */
    depositLedger: DepositLedger;
  }
}

/** Money: the companies' deposit accounts, their ledger and the operators' calls. */
export const depositsModule = defineModule({
  name: 'deposits',
  migrations: { '115-deposits': depositsMigration },
  title: l('保证金', 'Deposits', '保證金'),
  permissions: [
    { code: DEPOSIT_PERMISSION, title: l('查看本企业保证金账户', "View the own company's deposit account", '檢視本企業保證金帳戶') },
    {
      code: DEPOSIT_ADMIN_PERMISSION,
      title: l('保证金管理：入账与出账', 'Deposit administration: money in and out', '保證金管理：入帳與出帳'),
    },
  ],
  services(ctx) {
    const ledger = createDepositLedger({ now: ctx.now, notifyCompany: ctx.need('messages').notifyCompany });
    const deposits = createDepositsService({ repo: createDepositsRepo(ctx.db), ledger, write: ctx.writes.write });
    return { ledger, deposits };
  },
  provides: ({ ledger }) => ({ depositLedger: ledger }),
  routes: (app, { deposits }, ctx) => registerDepositsRoutes(app, { access: ctx.need('access'), deposits }),
});
