import { createHash, randomBytes, webcrypto, X509Certificate } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

/**
 * The platform's certificates: its own root CA, which issues a certificate to each company that
 * signs, one to the platform's seal and one to its timestamp authority. Every key is RSA 2048 with
 * SHA-256 and PKCS#1 v1.5, which every PDF reader and NSS (pdfsig) verifies.
 */

type CryptoKey = webcrypto.CryptoKey;
type CryptoKeyPair = webcrypto.CryptoKeyPair;
const crypto = webcrypto;
pkijs.setEngine(
  'node',
  new pkijs.CryptoEngine({ name: 'node', crypto: crypto as ConstructorParameters<typeof pkijs.CryptoEngine>[0]['crypto'] }),
);

export const KEY_ALGORITHM = {
  name: 'RSASSA-PKCS1-v1_5',
  hash: 'SHA-256',
  publicExponent: new Uint8Array([1, 0, 1]),
  modulusLength: 2048,
} as const;

const DAY = 86_400_000;
/** How long each kind of certificate is valid from its issue. */
export const VALIDITY_DAYS = { root: 20 * 365, seal: 10 * 365, tsa: 10 * 365, company: 3 * 365 } as const;

export type PlatformRole = 'root' | 'seal' | 'tsa';

/**
 * The certificate policies naming what an end certificate is for (under the platform's own
 * UUID-based OID, which needs no registration): a verifier tells a company's signature from the
 * platform's seal by them, not by names a company could choose.
 */
export const POLICY = {
  company: '2.25.215134120947402931306353208154218393851.1',
  seal: '2.25.215134120947402931306353208154218393851.2',
  tsa: '2.25.215134120947402931306353208154218393851.3',
} as const;

export interface IssuedKey {
  certificate: X509Certificate;
  privateKey: CryptoKey;
  /** PKCS#8 DER of the private key, to be sealed before it is stored. */
  pkcs8: Uint8Array;
}

/** A positive serial of 16 random bytes, in hex. */
function newSerial(): string {
  const bytes = randomBytes(16);
  bytes[0] = (bytes[0]! & 0x7f) | 0x10;
  return bytes.toString('hex');
}

async function newKeys(): Promise<{ keys: CryptoKeyPair; pkcs8: Uint8Array }> {
  const keys = (await crypto.subtle.generateKey(KEY_ALGORITHM, true, ['sign', 'verify'])) as CryptoKeyPair;
  return { keys, pkcs8: new Uint8Array(await crypto.subtle.exportKey('pkcs8', keys.privateKey)) };
}

export function importPrivateKey(pkcs8: Uint8Array): Promise<CryptoKey> {
  return crypto.subtle.importKey('pkcs8', pkcs8, { name: KEY_ALGORITHM.name, hash: KEY_ALGORITHM.hash }, false, ['sign']);
}

function validity(at: Date, days: number) {
  // A minute back, so a reader whose clock lags a little still sees the certificate as valid.
  return { notBefore: new Date(at.getTime() - 60_000), notAfter: new Date(at.getTime() + days * DAY) };
}

export interface CompanySubject {
  companyName: string;
  creditCode?: string;
}

const OID_NAME = { CN: '2.5.4.3', O: '2.5.4.10', C: '2.5.4.6', serialNumber: '2.5.4.5' } as const;

function name(fields: [keyof typeof OID_NAME, string][]): pkijs.RelativeDistinguishedNames {
  // One attribute per RDN (pkijs would put them all in a single multi-valued RDN), read back so pkijs keeps this encoding.
  const rdns = fields.map(
    ([field, value]) =>
      new asn1js.Set({
        value: [
          new pkijs.AttributeTypeAndValue({
            type: OID_NAME[field],
            // Country and registration numbers are printable; names may be Chinese (UTF-8).
            value: field === 'C' || field === 'serialNumber' ? new asn1js.PrintableString({ value }) : new asn1js.Utf8String({ value }),
          }).toSchema(),
        ],
      }),
  );
  return pkijs.RelativeDistinguishedNames.fromBER(new asn1js.Sequence({ value: rdns }).toBER());
}

function extension(extnID: string, critical: boolean, value: { toSchema(): asn1js.AsnType } | asn1js.AsnType): pkijs.Extension {
  const schema = 'toSchema' in value ? value.toSchema() : value;
  return new pkijs.Extension({ extnID, critical, extnValue: schema.toBER(false) });
}

/** Key usage bits, first bit first: digitalSignature, nonRepudiation, …, keyCertSign (5), cRLSign (6). */
function keyUsage(bits: number[]): asn1js.BitString {
  let byte = 0;
  for (const bit of bits) byte |= 0x80 >> bit;
  const unused = 7 - Math.max(...bits);
  return new asn1js.BitString({ valueHex: new Uint8Array([byte]).buffer, unusedBits: unused });
}

async function keyIdentifier(publicKey: CryptoKey): Promise<Uint8Array> {
  const spki = new Uint8Array(await crypto.subtle.exportKey('spki', publicKey));
  const info = pkijs.PublicKeyInfo.fromBER(spki);
  return createHash('sha1').update(info.subjectPublicKey.valueBlock.valueHexView).digest();
}

interface CertificateParams {
  subject: pkijs.RelativeDistinguishedNames;
  issuer: pkijs.RelativeDistinguishedNames;
  publicKey: CryptoKey;
  signingKey: CryptoKey;
  authorityKeyId: Uint8Array;
  at: Date;
  days: number;
  extensions: pkijs.Extension[];
}

async function certificate(p: CertificateParams): Promise<X509Certificate> {
  const { notBefore, notAfter } = validity(p.at, p.days);
  const subjectKeyId = await keyIdentifier(p.publicKey);
  const cert = new pkijs.Certificate({
    version: 2,
    serialNumber: new asn1js.Integer({ valueHex: Buffer.from(newSerial(), 'hex') }),
    issuer: p.issuer,
    subject: p.subject,
    notBefore: new pkijs.Time({ type: 0, value: notBefore }),
    notAfter: new pkijs.Time({ type: 0, value: notAfter }),
    extensions: [
      ...p.extensions,
      extension('2.5.29.14', false, new asn1js.OctetString({ valueHex: subjectKeyId })),
      extension(
        '2.5.29.35',
        false,
        new pkijs.AuthorityKeyIdentifier({ keyIdentifier: new asn1js.OctetString({ valueHex: p.authorityKeyId }) }),
      ),
    ],
  });
  await cert.subjectPublicKeyInfo.importKey(p.publicKey);
  await cert.sign(p.signingKey, 'SHA-256');
  return new X509Certificate(Buffer.from(cert.toSchema().toBER()));
}

/** The subject key identifier of a certificate this module made. */
function subjectKeyIdOf(cert: X509Certificate): Uint8Array {
  const parsed = pkijs.Certificate.fromBER(cert.raw);
  const ski = parsed.extensions?.find((e) => e.extnID === '2.5.29.14');
  if (!ski) throw new Error('the CA certificate has no subject key identifier');
  return new Uint8Array((asn1js.fromBER(ski.extnValue.valueBlock.valueHexView).result as asn1js.OctetString).valueBlock.valueHexView);
}

/** The platform's root CA: self-signed, may only issue end certificates. */
export async function issueRoot(organisation: string, at: Date): Promise<IssuedKey> {
  const { keys, pkcs8 } = await newKeys();
  const subject = name([
    ['CN', `${organisation} Contract CA`],
    ['O', organisation],
    ['C', 'CN'],
  ]);
  const cert = await certificate({
    subject,
    issuer: subject,
    publicKey: keys.publicKey,
    signingKey: keys.privateKey,
    authorityKeyId: await keyIdentifier(keys.publicKey),
    at,
    days: VALIDITY_DAYS.root,
    extensions: [
      extension('2.5.29.19', true, new pkijs.BasicConstraints({ cA: true, pathLenConstraint: 0 })),
      extension('2.5.29.15', true, keyUsage([5, 6])),
    ],
  });
  return { certificate: cert, privateKey: keys.privateKey, pkcs8 };
}

/** An end certificate under the root: a company's or the platform seal's signing certificate, or the timestamp authority's. */
export async function issueUnder(
  root: { certificate: X509Certificate; privateKey: CryptoKey },
  subject: { kind: 'company'; company: CompanySubject } | { kind: 'seal' | 'tsa'; organisation: string },
  at: Date,
): Promise<IssuedKey> {
  const { keys, pkcs8 } = await newKeys();
  const fields: [keyof typeof OID_NAME, string][] =
    subject.kind === 'company'
      ? [
          ['CN', subject.company.companyName],
          ['O', subject.company.companyName],
          ...(subject.company.creditCode ? [['serialNumber', subject.company.creditCode] as [keyof typeof OID_NAME, string]] : []),
          ['C', 'CN'],
        ]
      : [
          ['CN', `${subject.organisation} ${subject.kind === 'seal' ? 'Contract Seal' : 'Timestamp Authority'}`],
          ['O', subject.organisation],
          ['C', 'CN'],
        ];
  // A signing certificate is for signatures that commit their signer (digitalSignature and
  // nonRepudiation), without an extended key usage so NSS accepts it for document signing; the
  // timestamp authority's may only stamp times.
  const usage = [extension('2.5.29.15', true, keyUsage([0, 1]))];
  if (subject.kind === 'tsa') usage.push(extension('2.5.29.37', true, new pkijs.ExtKeyUsage({ keyPurposes: [OID_TIME_STAMPING] })));
  const rootCert = pkijs.Certificate.fromBER(root.certificate.raw);
  const cert = await certificate({
    subject: name(fields),
    issuer: rootCert.subject,
    publicKey: keys.publicKey,
    signingKey: root.privateKey,
    authorityKeyId: subjectKeyIdOf(root.certificate),
    at,
    days: VALIDITY_DAYS[subject.kind],
    extensions: [
      extension('2.5.29.19', true, new pkijs.BasicConstraints({ cA: false })),
      ...usage,
      extension(
        '2.5.29.32',
        false,
        new pkijs.CertificatePolicies({ certificatePolicies: [new pkijs.PolicyInformation({ policyIdentifier: POLICY[subject.kind] })] }),
      ),
    ],
  });
  return { certificate: cert, privateKey: keys.privateKey, pkcs8 };
}

/** An OID as asn1js reads it back (arcs beyond 2^53, as in UUID-based OIDs, read back in its own notation). */
function canonicalOid(oid: string): string {
  return (asn1js.fromBER(new asn1js.ObjectIdentifier({ value: oid }).toBER()).result as asn1js.ObjectIdentifier).getValue();
}

/** Which of the platform's policies a certificate carries (null: none of them). */
export function purposeOf(cert: X509Certificate | Uint8Array): keyof typeof POLICY | null {
  const parsed = pkijs.Certificate.fromBER(cert instanceof X509Certificate ? cert.raw : cert);
  const ext = parsed.extensions?.find((e) => e.extnID === '2.5.29.32');
  const value = ext?.parsedValue as pkijs.CertificatePolicies | undefined;
  const policies = new Set(value?.certificatePolicies.map((p) => p.policyIdentifier) ?? []);
  return (Object.keys(POLICY) as (keyof typeof POLICY)[]).find((kind) => policies.has(canonicalOid(POLICY[kind]))) ?? null;
}

export const OID_TIME_STAMPING = '1.3.6.1.5.5.7.3.8';
