/**
 * The signing core of electronic contracts: PAdES signatures by companies with certificates the
 * platform's own CA issues, the platform's seal with a timestamp, and their verification.
 */
export { createContractKeys, contractKeyring, contractKeyFile, type ContractKeys, type SigningKey } from './keys';
export { signAsCompany, sealWithCompletion, SEAL_FIELD, type SignerIdentity } from './sign';
export { verifyContractPdf, type SignatureReport, type VerificationReport } from './verify';
export { writeFileAtomic } from './atomic-file';
export { contractKeys as contractKeysMigration } from './migrations/300-contract-keys';
