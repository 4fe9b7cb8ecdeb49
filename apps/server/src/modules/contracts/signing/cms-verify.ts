import { X509Certificate as NodeCertificate, verify as verifySignature } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { OID_TIME_STAMPING, purposeOf } from './certificates';
import { OID, sha256 } from './cms';

/**
 * Checks of one CMS signature: its message digest against the signed bytes, its signature over
 * the signed attributes with the signer's certificate, that the certificate is the one the
 * signature names (ESS signing-certificate-v2), and that the certificate was issued by a trusted
 * platform CA and valid when it signed. A timestamp token attached to it is checked the same way,
 * and its imprint against the signature value.
 */

export interface CmsCheck {
  problems: string[];
  /** The signer certificate's subject fields. */
  commonName: string;
  organisation: string;
  issuedByPlatform: boolean;
  /** The certificate policy of the signer's certificate (company, seal). */
  purpose: 'company' | 'seal' | 'tsa' | 'other';
  timestamp?: string;
}

const view = (bytes: ArrayBuffer | Uint8Array) => (bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes));

function parseSignedData(der: Uint8Array): pkijs.SignedData {
  const asn1 = asn1js.fromBER(der);
  if (asn1.offset === -1) throw new Error('not DER');
  const info = new pkijs.ContentInfo({ schema: asn1.result });
  if (info.contentType !== OID.signedData) throw new Error('not a CMS SignedData');
  return new pkijs.SignedData({ schema: info.content });
}

function attributeValue(attributes: pkijs.SignedAndUnsignedAttributes | undefined, type: string): asn1js.AsnType | undefined {
  return attributes?.attributes.find((a) => a.type === type)?.values[0] as asn1js.AsnType | undefined;
}

function subjectField(certificate: pkijs.Certificate, oid: string): string {
  const value = certificate.subject.typesAndValues.find((t) => t.type === oid)?.value as { valueBlock?: { value?: unknown } } | undefined;
  return typeof value?.valueBlock?.value === 'string' ? value.valueBlock.value : '';
}

interface Checked {
  problems: string[];
  signer?: pkijs.Certificate;
  signerDer?: Uint8Array;
  issuedByPlatform: boolean;
}

/** The checks common to a document signature and a timestamp token. */
function checkSignedData(data: pkijs.SignedData, digest: Uint8Array, trusted: NodeCertificate[], at: Date, what: string): Checked {
  const problems: string[] = [];
  const said = (problem: string) => (what ? `${what}: ${problem}` : problem);
  const info = data.signerInfos[0];
  if (!info || data.signerInfos.length !== 1) return { problems: [said('expected exactly one signer')], issuedByPlatform: false };
  const sid = info.sid as pkijs.IssuerAndSerialNumber;
  const signer = (data.certificates ?? []).find(
    (c): c is pkijs.Certificate =>
      c instanceof pkijs.Certificate && c.serialNumber.isEqual(sid.serialNumber) && c.issuer.isEqual(sid.issuer),
  );
  if (!signer) return { problems: [said("the signer's certificate is missing")], issuedByPlatform: false };
  const signerDer = new Uint8Array(signer.toSchema().toBER());

  const messageDigest = attributeValue(info.signedAttrs, OID.messageDigest) as asn1js.OctetString | undefined;
  if (!messageDigest || Buffer.compare(Buffer.from(messageDigest.valueBlock.valueHexView), Buffer.from(digest)) !== 0) {
    problems.push(said('the signed content was changed after signing (its digest does not match)'));
  }
  const essValue = attributeValue(info.signedAttrs, OID.signingCertificateV2) as asn1js.Sequence | undefined;
  const certHash = essValue ? Buffer.from(essValue.toBER()).includes(sha256(signerDer)) : false;
  if (!certHash) problems.push(said("the signature does not name its signer's certificate"));

  const node = new NodeCertificate(signerDer);
  if (!info.signedAttrs) problems.push(said('the signature has no signed attributes'));
  else {
    const signedAttrs = Buffer.from(view(info.signedAttrs.encodedValue));
    signedAttrs[0] = 0x31; // signed as a SET OF, stored with the [0] tag
    const value = Buffer.from(info.signature.valueBlock.valueHexView);
    let ok = false;
    try {
      ok = verifySignature('sha256', signedAttrs, node.publicKey, value);
    } catch {
      ok = false;
    }
    if (!ok) problems.push(said('the signature value does not match (the signature was changed or made with another key)'));
  }

  const issuer = trusted.find((ca) => node.checkIssued(ca) && node.verify(ca.publicKey));
  if (!issuer) problems.push(said("the certificate was not issued by the platform's CA"));
  if (at < new Date(node.validFrom) || at > new Date(node.validTo))
    problems.push(said(`the certificate was not valid at ${at.toISOString()}`));
  return { problems, signer, signerDer, issuedByPlatform: Boolean(issuer) };
}

function checkTimestamp(
  token: asn1js.AsnType,
  signatureValue: Uint8Array,
  trusted: NodeCertificate[],
): { problems: string[]; at?: string } {
  const what = 'its timestamp';
  let data: pkijs.SignedData;
  let info: pkijs.TSTInfo;
  try {
    data = parseSignedData(new Uint8Array(token.toBER()));
    const content = data.encapContentInfo.eContent;
    if (data.encapContentInfo.eContentType !== OID.tstInfo || !content) throw new Error('not a timestamp');
    info = pkijs.TSTInfo.fromBER(content.getValue());
  } catch {
    return { problems: [`${what} cannot be read`] };
  }
  const checked = checkSignedData(data, sha256(new Uint8Array(data.encapContentInfo.eContent!.getValue())), trusted, info.genTime, what);
  const imprint = Buffer.from(info.messageImprint.hashedMessage.valueBlock.valueHexView);
  if (Buffer.compare(imprint, sha256(signatureValue)) !== 0) checked.problems.push(`${what} is over another signature`);
  const node = checked.signerDer ? new NodeCertificate(checked.signerDer) : undefined;
  if (node && !node.keyUsage?.includes(OID_TIME_STAMPING)) checked.problems.push(`${what} was not made by a timestamp authority`);
  return { problems: checked.problems, at: info.genTime.toISOString() };
}

/** Verifies the CMS `der` of a PDF signature over `signedBytes`, signed at `at` (the dictionary's /M). */
export function checkCms(der: Uint8Array, signedBytes: Uint8Array, trusted: NodeCertificate[], at: Date): CmsCheck {
  let data: pkijs.SignedData;
  try {
    data = parseSignedData(der);
  } catch {
    return {
      problems: ['the signature cannot be read (not a CMS signature)'],
      commonName: '',
      organisation: '',
      issuedByPlatform: false,
      purpose: 'other',
    };
  }
  const checked = checkSignedData(data, sha256(signedBytes), trusted, at, '');
  const result: CmsCheck = {
    problems: checked.problems,
    commonName: checked.signer ? subjectField(checked.signer, '2.5.4.3') : '',
    organisation: checked.signer ? subjectField(checked.signer, '2.5.4.10') : '',
    issuedByPlatform: checked.issuedByPlatform,
    purpose: (checked.signerDer && purposeOf(checked.signerDer)) || 'other',
  };
  const info = data.signerInfos[0];
  const token = attributeValue(info?.unsignedAttrs, OID.timeStampToken);
  if (token && info) {
    const stamped = checkTimestamp(token, new Uint8Array(info.signature.valueBlock.valueHexView), trusted);
    result.problems.push(...stamped.problems);
    result.timestamp = stamped.at;
  }
  return result;
}
