import { withTexts } from '../../i18n/index';
import type { FeatureManifest } from '../../shared/feature-manifest';
import type { Namespace } from '../../i18n/resources';
import { CONTRACT_PAGE_PATHS } from '@portal/contracts/contract-terms';

/** The contract pages render with their texts, the dialogs' shared texts and the SMS field's. */
const CONTRACTS: Namespace[] = ['contracts', 'trade', 'account', 'resource'];

/**
 * Electronic contracts: my contracts (both sides), the operator's supervision and templates in the
 * shell; the public verification page in the portal.
 */
export const contractsShellManifest: FeatureManifest = {
  menuPages: [
    {
      path: CONTRACT_PAGE_PATHS.myContracts,
      namespaces: CONTRACTS,
      load: () => import('./my-contracts-page').then((m) => m.MyContractsPage),
    },
    {
      path: CONTRACT_PAGE_PATHS.supervision,
      namespaces: CONTRACTS,
      load: () => import('./admin-contracts-page').then((m) => m.AdminContractsPage),
    },
    {
      path: CONTRACT_PAGE_PATHS.templates,
      namespaces: CONTRACTS,
      load: () => import('./templates-page').then((m) => m.ContractTemplatesPage),
    },
    {
      path: CONTRACT_PAGE_PATHS.settings,
      namespaces: CONTRACTS,
      load: () => import('./signing-settings').then((m) => m.SigningSettingsPage),
    },
  ],
};

/** The public verification page, open to anyone. */
export const contractsPortalManifest: FeatureManifest = {
  portalPages: {
    [CONTRACT_PAGE_PATHS.verify]: () => withTexts(import('./verify-page'), ['contracts']).then((m) => m.ContractVerifyPage),
  },
};
