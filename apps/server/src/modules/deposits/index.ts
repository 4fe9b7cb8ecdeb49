// The public entry of the deposits module: all that other modules, app.ts and db/ may import from it.
export { checkInvariant } from './deposit-invariant';
export { centsText, createDepositLedger } from './deposit-ledger';
export type { DepositLedger } from './deposit-ledger';
export { createDepositsRepo } from './deposits.repo';
export { createDepositsService } from './deposits.service';
