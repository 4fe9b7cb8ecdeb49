// The public entry of the deposits module: all that other modules and the code above them (app.ts, demo data, scripts) may import from it.
export { checkInvariant } from './deposit-invariant';
export { createDepositLedger } from './deposit-ledger';
export type { DepositLedger } from './deposit-ledger';
export { createDepositsRepo } from './deposits.repo';
export { createDepositsService } from './deposits.service';
