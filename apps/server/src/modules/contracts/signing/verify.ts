import type { X509Certificate as NodeCertificate } from 'node:crypto';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFString, PDFHexString } from 'pdf-lib';
import { checkCms } from './cms-verify';
import { sha256 } from './cms';
import { changesAfter } from './revisions';

export interface SignatureReport {
  /** Who signed: the person named in the signature, else the certificate's name. */
  signer: string;
  organisation: string;
  role: 'company' | 'platform-seal';
  signedAt: string;
  valid: boolean;
  certificateIssuedByPlatform: boolean;
  /** The signature covers the whole file (only the last one can). */
  coversWholeDocument: boolean;
  timestamp?: string;
}

export interface VerificationReport {
  signatures: SignatureReport[];
  unchangedSinceLastSignature: boolean;
  /** SHA-256 of the whole file, in hex. */
  sha256: string;
  problems: string[];
}

interface FoundSignature {
  field: string;
  dict: PDFDict;
}

function textOf(value: unknown): string {
  return value instanceof PDFString || value instanceof PDFHexString ? value.decodeText() : '';
}

/** A PDF date (D:YYYYMMDDHHmmSS with Z or an offset) as a Date; invalid when unreadable. */
export function parsePdfDate(text: string): Date {
  const m = /^D:(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?(Z|[+-]\d{2}'?\d{2}'?)?/.exec(text);
  if (!m) return new Date(NaN);
  const zone = !m[7] || m[7] === 'Z' ? 'Z' : `${m[7].slice(0, 3)}:${m[7].replace(/'/g, '').slice(3, 5)}`;
  return new Date(`${m[1]}-${m[2] ?? '01'}-${m[3] ?? '01'}T${m[4] ?? '00'}:${m[5] ?? '00'}:${m[6] ?? '00'}${zone}`);
}

function signatureFields(doc: PDFDocument): FoundSignature[] {
  const form = doc.catalog.getAcroForm();
  if (!form) return [];
  const found: FoundSignature[] = [];
  for (const [field] of form.getAllFields()) {
    if (field.dict.lookup(PDFName.of('FT')) !== PDFName.of('Sig')) continue;
    const value = field.dict.lookup(PDFName.of('V'));
    if (value instanceof PDFDict) found.push({ field: field.getFullyQualifiedName() ?? '', dict: value });
  }
  return found;
}

/** The byte range [0, a, b, c] and the /Contents hex string in the gap between its two parts. */
function rangeOf(dict: PDFDict, bytes: Uint8Array): { range: number[]; cms: Uint8Array } | string {
  const array = dict.lookup(PDFName.of('ByteRange'));
  const range = array instanceof PDFArray ? array.asArray().map((n) => (n instanceof PDFNumber ? n.asNumber() : NaN)) : [];
  const [start, firstEnd, secondStart, secondLength] = range;
  if (range.length !== 4 || start !== 0 || !(firstEnd! > 0) || !(secondStart! > firstEnd!) || secondStart! + secondLength! > bytes.length) {
    return 'its byte range is not a range of this file';
  }
  const gap = Buffer.from(bytes.subarray(firstEnd, secondStart)).toString('latin1');
  if (!/^<[0-9A-Fa-f]*>$/.test(gap)) return 'its byte range leaves out more than the signature itself';
  return { range, cms: Buffer.from(gap.slice(1, -1), 'hex') };
}

interface CheckedSignature {
  entry: SignatureReport;
  problems: string[];
  /** Where the file as this signature covers it ends (undefined: the byte range is unusable). */
  end?: number;
}

/** One signature: its dictionary, its byte range and its CMS, checked against the platform's CAs. */
function checkSignature(field: string, dict: PDFDict, pdf: Uint8Array, trusted: NodeCertificate[]): CheckedSignature {
  const at = parsePdfDate(textOf(dict.lookup(PDFName.of('M'))));
  const timed = !Number.isNaN(at.getTime());
  const name = textOf(dict.lookup(PDFName.of('Name')));
  const problems: string[] = [];
  if (dict.lookup(PDFName.of('SubFilter')) !== PDFName.of('ETSI.CAdES.detached'))
    problems.push('it is not a PAdES signature (ETSI.CAdES.detached)');
  if (!timed) problems.push('it has no signing time');
  const entry: SignatureReport = {
    signer: name,
    organisation: '',
    role: 'company',
    signedAt: timed ? at.toISOString() : '',
    valid: false,
    certificateIssuedByPlatform: false,
    coversWholeDocument: false,
  };
  const located = rangeOf(dict, pdf);
  if (typeof located === 'string') {
    problems.push(located);
    return { entry, problems };
  }
  const [, firstEnd, secondStart, secondLength] = located.range as [number, number, number, number];
  const end = secondStart + secondLength;
  const signed = Buffer.concat([pdf.subarray(0, firstEnd), pdf.subarray(secondStart, end)]);
  const cms = checkCms(located.cms, signed, trusted, timed ? at : new Date(0));
  problems.push(...cms.problems);
  // The role comes from the certificate's policy; a field named like the seal proves nothing.
  if (cms.purpose === 'seal' && cms.issuedByPlatform) entry.role = 'platform-seal';
  else if (cms.purpose !== 'company') problems.push('its certificate is neither a company signing certificate nor the platform seal');
  entry.signer = name || cms.commonName;
  entry.organisation = cms.organisation;
  entry.certificateIssuedByPlatform = cms.issuedByPlatform;
  entry.coversWholeDocument = end === pdf.length;
  if (cms.timestamp) entry.timestamp = cms.timestamp;
  return { entry, problems, end };
}

/** Our own verifier: every signature's CMS against its byte range, its chain to the platform CA, and that nothing follows the last signature. */
export async function verifyContractPdf(
  keys: { caCertificates(): Promise<NodeCertificate[]> },
  pdf: Uint8Array,
): Promise<VerificationReport> {
  const report: VerificationReport = {
    signatures: [],
    unchangedSinceLastSignature: false,
    sha256: sha256(pdf).toString('hex'),
    problems: [],
  };
  const trusted = await keys.caCertificates();
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(pdf, { updateMetadata: false });
  } catch {
    report.problems.push('the file is not a readable PDF');
    return report;
  }
  const found = signatureFields(doc);
  if (found.length === 0) report.problems.push('the file holds no signature');
  const ends: { end: number; who: string }[] = [];
  for (const { field, dict } of found) {
    const { entry, problems, end } = checkSignature(field, dict, pdf, trusted);
    const who = `${field} (${entry.signer || 'unnamed'})`;
    if (end !== undefined) ends.push({ end, who });
    entry.valid = problems.length === 0;
    report.signatures.push(entry);
    for (const problem of problems) report.problems.push(`signature ${who}: ${problem}`);
  }
  // What the updates after each signature changed, beyond adding signatures and pages.
  for (const { end, who } of ends.filter((e) => e.end < pdf.length)) {
    for (const change of await changesAfter(pdf, end, doc)) report.problems.push(`after signature ${who}: ${change}`);
  }
  const lastEnd = Math.max(0, ...ends.map((e) => e.end));
  report.unchangedSinceLastSignature = found.length > 0 && lastEnd === pdf.length;
  if (found.length > 0 && !report.unchangedSinceLastSignature) {
    report.problems.push(`the file was changed after its last signature (${pdf.length - lastEnd} bytes follow it)`);
  }
  return report;
}
