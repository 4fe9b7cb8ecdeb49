import { PDFDocument } from 'pdf-lib';
import { cadesSignature } from './cms';
import { openIncrementalUpdate } from './incremental';
import type { ContractKeys } from './keys';
import { appendSignature, signatureFieldNames } from './pdf-signature';
import { verifyContractPdf } from './verify';

export interface SignerIdentity {
  companyId: number;
  companyName: string;
  creditCode?: string;
  /** The person who signed for the company (the signature dictionary's /Name). */
  userName: string;
}

/** The seal's field; company fields are company-1, company-2, … in the order they signed. */
export const SEAL_FIELD = 'platform-seal';

/** Adds the company's PAdES signature (issuing the company certificate on first use) as an incremental update. */
export async function signAsCompany(
  keys: ContractKeys,
  pdf: Uint8Array,
  who: SignerIdentity,
  opts: { reason: string; location?: string; at: Date },
): Promise<Uint8Array> {
  const update = await openIncrementalUpdate(pdf);
  const fields = signatureFieldNames(update);
  if (fields.includes(SEAL_FIELD)) throw new Error('the contract is already sealed; nothing may be signed after the seal');
  // A company signs only what the earlier signers signed: their signatures verify and nothing else changed.
  if (fields.length > 0) {
    const report = await verifyContractPdf(keys, pdf);
    if (report.problems.length > 0) throw new Error(`the contract does not verify: ${report.problems.join('; ')}`);
  }
  const key = await keys.companyKey(who, opts.at);
  const chain = await keys.caCertificates();
  return appendSignature(
    update,
    { field: `company-${fields.length + 1}`, name: who.userName, reason: opts.reason, location: opts.location, at: opts.at },
    (signed) => cadesSignature(key, chain, signed),
  );
}

/**
 * When both parties have signed: appends the certificate-of-completion page(s), then the
 * platform's seal with a timestamp from the platform's timestamp authority. The platform seals
 * only a document whose every signature verifies and which nothing changed since the last.
 */
export async function sealWithCompletion(keys: ContractKeys, pdf: Uint8Array, completionPages: Uint8Array, at: Date): Promise<Uint8Array> {
  const report = await verifyContractPdf(keys, pdf);
  const companies = report.signatures.filter((s) => s.role === 'company');
  if (companies.length < 2) throw new Error(`the contract has ${companies.length} company signature(s); both parties sign before the seal`);
  if (report.problems.length > 0) throw new Error(`the contract does not verify: ${report.problems.join('; ')}`);

  const update = await openIncrementalUpdate(pdf);
  const source = await PDFDocument.load(completionPages, { updateMetadata: false });
  for (const page of await update.doc.copyPages(source, source.getPageIndices())) update.doc.addPage(page);
  const seal = await keys.platformKey('seal');
  const tsa = await keys.platformKey('tsa');
  const chain = await keys.caCertificates();
  return appendSignature(
    update,
    { field: SEAL_FIELD, name: /^CN=(.*)$/m.exec(seal.certificate.subject)?.[1] ?? keys.organisation, reason: 'Contract completed', at },
    (signed) => cadesSignature(seal, chain, signed, { key: tsa, at }),
  );
}
