import { X509Certificate, type webcrypto } from 'node:crypto';
import path from 'node:path';
import type { Generated, Kysely, Selectable } from 'kysely';
import { createSealer, decodeKey, keyIdOf, readOrCreateKeyFile, type Sealer, type SealKeys } from '../../../platform/sealing';
import { importPrivateKey, issueRoot, issueUnder, type CompanySubject, type IssuedKey, type PlatformRole } from './certificates';

/**
 * Where the contract keys live: every certificate in the database, every private key only sealed
 * (AES-256-GCM) under the contract key, which is kept outside the database — the CONTRACT_KEY
 * setting, else a key file beside the data (made at the start, mode 0600) — and never in a backup.
 * A copy of the database alone therefore cannot sign as anyone.
 */

interface KeyRow {
  id: Generated<number>;
  serial: string;
  certificate_pem: string;
  key_id: string;
  sealed_key: string;
  not_before: string;
  not_after: string;
  created_at: string;
}

export interface ContractKeyTables {
  contract_platform_keys: KeyRow & { role: string };
  contract_company_keys: KeyRow & { company_id: number; subject: string };
}

export interface SigningKey {
  certificate: X509Certificate;
  privateKey: webcrypto.CryptoKey;
}

export interface ContractKeys {
  /** The name of the platform in its certificates. */
  organisation: string;
  /** The platform's root CA certificate(s) a verifier trusts (none before the first signature). */
  caCertificates(): Promise<X509Certificate[]>;
  /** The platform's own key of `role`, made under the root on first use. */
  platformKey(role: PlatformRole): Promise<SigningKey>;
  /** The company's signing key valid at `at`, issued when it has none or its name changed. */
  companyKey(company: CompanySubject & { companyId: number }, at: Date): Promise<SigningKey>;
}

/** The contract key's source: the CONTRACT_KEY setting, else the key file (DATA_DIR/contract.key by default). */
export function contractKeyFile(s: { CONTRACT_KEY_FILE: string; DATA_DIR: string }): string {
  return s.CONTRACT_KEY_FILE || path.resolve(s.DATA_DIR, 'contract.key');
}

/** The sealer of the companies' and the platform's private keys, from the settings. */
export function contractKeyring(s: { CONTRACT_KEY: string; CONTRACT_KEY_FILE: string; DATA_DIR: string }): Sealer {
  return createSealer((): SealKeys => {
    if (!s.CONTRACT_KEY) return readOrCreateKeyFile(contractKeyFile(s));
    const key = decodeKey(s.CONTRACT_KEY, 'CONTRACT_KEY');
    return { currentId: keyIdOf(key), keys: new Map([[keyIdOf(key), key]]) };
  });
}

const DAY = 86_400_000;
/** A company key expiring within this time is replaced before it signs. */
const RENEW_BEFORE = 30 * DAY;

function subjectOf(company: CompanySubject): string {
  return `${company.companyName}\n${company.creditCode ?? ''}`;
}

export function createContractKeys(opts: {
  // The tables are this library's own (migration 300-contract-keys); the caller's schema type need not list them.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>;
  keyring: Sealer;
  now: () => Date;
  organisation?: string;
}): ContractKeys {
  const db = opts.db as Kysely<ContractKeyTables>;
  const organisation = opts.organisation ?? 'Commodity Portal';
  const aad = (table: string, serial: string) => `contract-key:${table}:${serial}`;
  const platform = new Map<PlatformRole, Promise<SigningKey>>();

  async function unseal(table: string, row: Selectable<KeyRow>): Promise<SigningKey> {
    const pkcs8 = Buffer.from(opts.keyring.open(row.key_id, row.sealed_key, aad(table, row.serial)), 'base64');
    return { certificate: new X509Certificate(row.certificate_pem), privateKey: await importPrivateKey(pkcs8) };
  }

  function sealed(table: string, issued: IssuedKey) {
    const serial = issued.certificate.serialNumber.toLowerCase();
    const { keyId, sealed } = opts.keyring.seal(Buffer.from(issued.pkcs8).toString('base64'), aad(table, serial));
    return {
      serial,
      certificate_pem: issued.certificate.toString(),
      key_id: keyId,
      sealed_key: sealed,
      not_before: new Date(issued.certificate.validFrom).toISOString(),
      not_after: new Date(issued.certificate.validTo).toISOString(),
      created_at: opts.now().toISOString(),
    };
  }

  async function loadPlatform(role: PlatformRole): Promise<SigningKey> {
    const read = () => db.selectFrom('contract_platform_keys').selectAll().where('role', '=', role).executeTakeFirst();
    let row = await read();
    if (!row) {
      const issued =
        role === 'root'
          ? await issueRoot(organisation, opts.now())
          : await issueUnder(await platformKey('root'), { kind: role, organisation }, opts.now());
      // Two servers making the same key at once: the first stored wins and both use it.
      await db
        .insertInto('contract_platform_keys')
        .values({ role, ...sealed('contract_platform_keys', issued) })
        .onConflict((oc) => oc.column('role').doNothing())
        .execute();
      row = (await read())!;
    }
    return unseal('contract_platform_keys', row);
  }

  function platformKey(role: PlatformRole): Promise<SigningKey> {
    let loading = platform.get(role);
    if (!loading) {
      loading = loadPlatform(role);
      loading.catch(() => platform.delete(role));
      platform.set(role, loading);
    }
    return loading;
  }

  async function companyKey(company: CompanySubject & { companyId: number }, at: Date): Promise<SigningKey> {
    const usable = () =>
      db
        .selectFrom('contract_company_keys')
        .selectAll()
        .where('company_id', '=', company.companyId)
        .where('subject', '=', subjectOf(company))
        .where('not_before', '<=', at.toISOString())
        .where('not_after', '>', new Date(at.getTime() + RENEW_BEFORE).toISOString())
        // The earliest usable one: two first signatures at once both sign with the one stored first.
        .orderBy('id')
        .executeTakeFirst();
    let row = await usable();
    if (!row) {
      const issuedAt = new Date(Math.min(opts.now().getTime(), at.getTime()));
      const issued = await issueUnder(await platformKey('root'), { kind: 'company', company }, issuedAt);
      await db
        .insertInto('contract_company_keys')
        .values({ company_id: company.companyId, subject: subjectOf(company), ...sealed('contract_company_keys', issued) })
        .execute();
      row = (await usable())!;
    }
    return unseal('contract_company_keys', row);
  }

  return {
    organisation,
    async caCertificates() {
      const row = await db.selectFrom('contract_platform_keys').select('certificate_pem').where('role', '=', 'root').executeTakeFirst();
      return row ? [new X509Certificate(row.certificate_pem)] : [];
    },
    platformKey,
    companyKey,
  };
}
