import type { ContractVerifyAnswer } from '@portal/contracts/contracts';
import { AppError } from '../../platform/errors';
import type { ContractContext } from './context';
import type { SignatureCheck } from './contract-signatures';
import { sha256Hex } from './digest';

const PDF_MAGIC = '%PDF-';

/**
 * The digests the file's first revision may have: signatures are appended as incremental updates,
 * so the bytes up to the first end-of-file marker (with its line end, if any) are the contract as
 * generated.
 */
function firstRevisionShas(bytes: Uint8Array): string[] {
  const at = Buffer.from(bytes).indexOf('%%EOF', 0, 'latin1');
  if (at < 0) return [];
  const end = at + 5;
  const ends = [end];
  if (bytes[end] === 0x0d) ends.push(end + 1);
  if (bytes[end] === 0x0a || bytes[end + 1] === 0x0a) ends.push(bytes[end] === 0x0a ? end + 1 : end + 2);
  return ends.filter((e) => e < bytes.length).map((e) => sha256Hex(bytes.subarray(0, e)));
}

/**
 * The public check of a contract PDF: its signatures (by the signature core), whether it is
 * unchanged since the last one, and the platform record it matches: the sealed file itself, one of
 * its signed revisions, or the contract as first generated.
 */
export function createContractVerification(c: ContractContext) {
  return {
    async verify(base64: string): Promise<ContractVerifyAnswer> {
      const bytes = new Uint8Array(Buffer.from(base64, 'base64'));
      if (Buffer.from(bytes.subarray(0, 5)).toString('latin1') !== PDF_MAGIC) throw new AppError('CONTRACT_PDF_UNREADABLE');
      const sha = sha256Hex(bytes);
      let check: SignatureCheck;
      try {
        check = await c.signatures.verify(bytes);
      } catch {
        throw new AppError('CONTRACT_PDF_UNREADABLE');
      }
      const problems = [...check.problems];
      let found = await c.repo.findByFileSha(sha);
      // A file changed after signing still names the contract it was made from.
      for (const first of found ? [] : firstRevisionShas(bytes)) {
        const original = await c.repo.findByFileSha(first);
        if (original?.kind === 'generated') {
          found = original;
          problems.push('changedSinceRecorded');
          break;
        }
      }
      if (!found) problems.push('noPlatformRecord');
      const match = found
        ? {
            contractNo: found.contract.contract_no,
            orderNo: found.contract.order_no,
            state: Number(found.contract.state),
            matchedBy:
              found.kind === 'sealed' ? ('sealed' as const) : found.kind === 'generated' ? ('original' as const) : ('signed' as const),
            buyerName: found.contract.buyer_name,
            sellerName: found.contract.seller_name,
            completedAt: found.contract.completed_at,
          }
        : null;
      const allValid = check.signatures.length > 0 && check.signatures.every((s) => s.valid && s.certificateIssuedByPlatform);
      return {
        valid: allValid && check.unchangedSinceLastSignature && match !== null && match.matchedBy !== 'original',
        signatures: check.signatures,
        unchangedSinceLastSignature: check.unchangedSinceLastSignature,
        sha256: sha,
        match,
        problems,
      };
    },
  };
}
