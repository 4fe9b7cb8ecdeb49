import type { X509Certificate } from 'node:crypto';
import {
  sealWithCompletion,
  signAsCompany,
  verifyContractPdf,
  type ContractKeys,
  type SignerIdentity,
  type SigningKey,
  type VerificationReport,
} from './signing';

/**
 * The one place the contracts flow meets the PDF signature core (`./signing`): a company's
 * signature, the platform's seal with the certificate of completion, and the check of a file.
 */
export type CompanySigner = SignerIdentity;
export type SignatureCheck = VerificationReport;

/** Signing with keys already read: it runs inside a write's transaction and reads nothing more. */
export interface PreparedSigning {
  signAsCompany(pdf: Uint8Array, how: { reason: string; location?: string; at: Date }): Promise<Uint8Array>;
  seal(pdf: Uint8Array, completionPages: Uint8Array, at: Date): Promise<Uint8Array>;
}

export interface ContractSignatures {
  /**
   * Reads (or issues, the first time) the company's key, the platform's seal and timestamp keys
   * and the CA chain. Called before the transaction: the key store reads the database on its own
   * connection, which SQLite's one writer would keep waiting.
   */
  prepare(who: CompanySigner, at: Date): Promise<PreparedSigning>;
  verify(pdf: Uint8Array): Promise<SignatureCheck>;
}

export function createContractSignatures(keys: ContractKeys): ContractSignatures {
  return {
    async prepare(who, at) {
      const company = await keys.companyKey(who, at);
      const seal = await keys.platformKey('seal');
      const tsa = await keys.platformKey('tsa');
      const chain: X509Certificate[] = await keys.caCertificates();
      const held: ContractKeys = {
        organisation: keys.organisation,
        caCertificates: async () => chain,
        platformKey: async (role): Promise<SigningKey> => (role === 'tsa' ? tsa : role === 'seal' ? seal : keys.platformKey(role)),
        companyKey: async () => company,
      };
      return {
        signAsCompany: (pdf, how) => signAsCompany(held, pdf, who, how),
        seal: (pdf, completionPages, sealAt) => sealWithCompletion(held, pdf, completionPages, sealAt),
      };
    },
    verify: (pdf) => verifyContractPdf(keys, pdf),
  };
}
