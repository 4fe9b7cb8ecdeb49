import { createContractContext, type ContractsDeps } from './context';
import { createContractLifecycle } from './lifecycle';
import { createSigningFlow } from './signing-flow';
import { createContractVerification } from './verify';
import { createContractViews } from './views';

export { CONTRACT_JOBS } from './context';
export type { ContractsDeps, RequestOrigin } from './context';

/**
 * Electronic contracts: made with their order, rendered, signed by both parties with SMS codes,
 * sealed by the platform, checked by anyone. The commands live in files named for what they do;
 * this joins them over one shared context.
 */
export function createContractsService(deps: ContractsDeps) {
  const c = createContractContext(deps);
  return {
    ...createContractLifecycle(c),
    ...createSigningFlow(c),
    ...createContractViews(c),
    ...createContractVerification(c),
  };
}
export type ContractsService = ReturnType<typeof createContractsService>;
