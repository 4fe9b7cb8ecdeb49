// The public entry of the contracts module: all that other modules and the code above them (app.ts, demo data, scripts) may import from it.
export { CONTRACT_JOBS, createContractsService } from './contracts.service';
export type { ContractsService } from './contracts.service';
export { verifyContractTrails } from './audit';
