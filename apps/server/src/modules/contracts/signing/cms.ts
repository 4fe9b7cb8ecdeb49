import { createHash, randomBytes, type X509Certificate } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { POLICY } from './certificates';
import type { SigningKey } from './keys';

/**
 * The CMS inside a PDF signature (CAdES, as PAdES baseline B wants it): a detached SignedData over
 * the signed byte ranges, with the signed attributes content type, message digest and the signing
 * certificate's hash (ESS signing-certificate-v2), and no signing-time attribute (the signature
 * dictionary's /M carries the time). The platform seal carries in addition, unsigned, an RFC 3161
 * timestamp token over its signature value from the platform's own timestamp authority.
 */

export const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  timeStampToken: '1.2.840.113549.1.9.16.2.14',
  tstInfo: '1.2.840.113549.1.9.16.1.4',
  sha256: '2.16.840.1.101.3.4.2.1',
} as const;

export function sha256(...parts: Uint8Array[]): Buffer {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest();
}

const buf = (bytes: Uint8Array): ArrayBuffer => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;

export function toPkijs(certificate: X509Certificate): pkijs.Certificate {
  return pkijs.Certificate.fromBER(certificate.raw);
}

function attribute(type: string, value: asn1js.AsnType): pkijs.Attribute {
  return new pkijs.Attribute({ type, values: [value] });
}

/** ESS signing-certificate-v2 naming the signer's certificate by its SHA-256 (the default hash, so left out). */
function signingCertificateV2(certificate: X509Certificate): asn1js.Sequence {
  const hash = sha256(certificate.raw);
  return new asn1js.Sequence({
    value: [new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [new asn1js.OctetString({ valueHex: buf(hash) })] })] })],
  });
}

/** DER orders a SET OF by its elements' encodings; a verifier that re-encodes the signed attributes gets the same bytes. */
function derSorted(attributes: pkijs.Attribute[]): pkijs.Attribute[] {
  const encoded = attributes.map((a) => ({ a, der: Buffer.from(a.toSchema().toBER()) }));
  return encoded.sort((x, y) => Buffer.compare(x.der, y.der)).map((e) => e.a);
}

async function signedData(
  key: SigningKey,
  chain: X509Certificate[],
  contentType: string,
  digest: Uint8Array,
  content?: Uint8Array,
): Promise<pkijs.SignedData> {
  const certificate = toPkijs(key.certificate);
  const data = new pkijs.SignedData({
    version: content ? 3 : 1,
    encapContentInfo: new pkijs.EncapsulatedContentInfo({
      eContentType: contentType,
      ...(content ? { eContent: new asn1js.OctetString({ valueHex: buf(content) }) } : {}),
    }),
    signerInfos: [
      new pkijs.SignerInfo({
        version: 1,
        sid: new pkijs.IssuerAndSerialNumber({ issuer: certificate.issuer, serialNumber: certificate.serialNumber }),
        signedAttrs: new pkijs.SignedAndUnsignedAttributes({
          type: 0,
          attributes: derSorted([
            attribute(OID.contentType, new asn1js.ObjectIdentifier({ value: contentType })),
            attribute(OID.messageDigest, new asn1js.OctetString({ valueHex: buf(digest) })),
            attribute(OID.signingCertificateV2, signingCertificateV2(key.certificate)),
          ]),
        }),
      }),
    ],
    certificates: [certificate, ...chain.map(toPkijs)],
  });
  await data.sign(key.privateKey, 0, 'SHA-256');
  return data;
}

function contentInfo(data: pkijs.SignedData): pkijs.ContentInfo {
  return new pkijs.ContentInfo({ contentType: OID.signedData, content: data.toSchema(true) });
}

/** An RFC 3161 timestamp token over `imprint` (a SHA-256), signed by the platform's timestamp authority. */
export async function timestampToken(tsa: SigningKey, chain: X509Certificate[], imprint: Uint8Array, at: Date): Promise<pkijs.ContentInfo> {
  const info = new pkijs.TSTInfo({
    version: 1,
    policy: POLICY.tsa,
    messageImprint: new pkijs.MessageImprint({
      hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256 }),
      hashedMessage: new asn1js.OctetString({ valueHex: buf(imprint) }),
    }),
    serialNumber: new asn1js.Integer({ valueHex: buf(Buffer.concat([Buffer.from([0x01]), randomBytes(15)])) }),
    genTime: at,
    accuracy: new pkijs.Accuracy({ seconds: 1 }),
  });
  const encoded = new Uint8Array(info.toSchema().toBER());
  return contentInfo(await signedData(tsa, chain, OID.tstInfo, sha256(encoded), encoded));
}

/**
 * The CMS of a PDF signature over `signedBytes` (the document without its /Contents), DER-encoded.
 * With `tsa`, the signature value is timestamped and the token attached unsigned.
 */
export async function cadesSignature(
  key: SigningKey,
  chain: X509Certificate[],
  signedBytes: Uint8Array,
  tsa?: { key: SigningKey; at: Date },
): Promise<Uint8Array> {
  const data = await signedData(key, chain, OID.data, sha256(signedBytes));
  if (tsa) {
    const signer = data.signerInfos[0]!;
    const token = await timestampToken(tsa.key, chain, sha256(new Uint8Array(signer.signature.valueBlock.valueHexView)), tsa.at);
    signer.unsignedAttrs = new pkijs.SignedAndUnsignedAttributes({
      type: 1,
      attributes: [attribute(OID.timeStampToken, token.toSchema())],
    });
  }
  return new Uint8Array(contentInfo(data).toSchema().toBER());
}
