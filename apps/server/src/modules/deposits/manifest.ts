import { DEPOSIT_ADMIN_PERMISSION, DEPOSIT_PERMISSION } from '@portal/contracts/deposits';
import { deposits as depositsMigration } from '../../db/migrations/115-deposits';
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
  permissions: [DEPOSIT_PERMISSION, DEPOSIT_ADMIN_PERMISSION],
  services(ctx) {
    const ledger = createDepositLedger({ now: ctx.now, notifyCompany: ctx.need('messages').notifyCompany });
    const deposits = createDepositsService({ repo: createDepositsRepo(ctx.db), ledger, write: ctx.writes.write });
    return { ledger, deposits };
  },
  provides: ({ ledger }) => ({ depositLedger: ledger }),
  routes: (app, { deposits }, ctx) => registerDepositsRoutes(app, { access: ctx.need('access'), deposits }),
});
