import type { Generated } from 'kysely';

/** A contract template: one per market (empty: platform-wide) and origin may be active. */
export interface ContractTemplateTable {
  id: Generated<number>;
  /** Stable across versions. */
  code: string;
  name: string;
  market_id: string;
  /** listing, auction or tender. */
  origin: string;
  /** The contract's language. */
  lang: string;
  /** The newest version's number. */
  version: number;
  /** 1 for the template new contracts of its market and origin are made from. */
  active: number;
  updated_at: string;
  updated_by: string;
}

/** One version of a template; never changed, so a contract made from it can always be traced back. */
export interface ContractTemplateVersionTable {
  id: Generated<number>;
  template_id: number;
  version: number;
  /** Sanitised rich text with `{{placeholder}}`s. */
  body: string;
  clauses: string;
  note: string;
  created_at: string;
  created_by: string;
}

/** A market's signing settings; the row with market_id '' is the default of markets without one and of auctions and tenders. */
export interface ContractSettingTable {
  market_id: string;
  signing_required: number;
  signing_hours: number;
  updated_at: string;
}

export interface ContractTable {
  id: Generated<number>;
  contract_no: string;
  order_id: number;
  order_no: string;
  origin: string;
  origin_code: string;
  market_id: string;
  state: number;
  lang: string;
  template_id: number;
  template_version: number;
  buyer_company_id: number;
  seller_company_id: number;
  buyer_name: string;
  seller_name: string;
  goods_name: string;
  amount: number;
  currency: string;
  /** Copied from the market's setting when the contract was made. */
  signing_required: number;
  sign_by: string;
  /** SHA-256 hex of the file as generated, of the file as it is now, and of the sealed file ('' until sealed). */
  original_sha256: string;
  current_sha256: string;
  sealed_sha256: Generated<string>;
  /** The newest file's revision (1 = generated). */
  revision: number;
  created_at: string;
  completed_at: Generated<string>;
  updated_at: string;
}

/** A contract's party: its company, its signature or refusal. */
export interface ContractPartyTable {
  id: Generated<number>;
  contract_id: number;
  /** buyer or seller. */
  side: string;
  company_id: number;
  company_name: string;
  credit_code: Generated<string>;
  /** 0 to sign, 1 signed, 2 declined. */
  state: number;
  signer_user_id: number | null;
  signer_name: Generated<string>;
  signed_at: Generated<string>;
  declined_at: Generated<string>;
  decline_reason: Generated<string>;
}

/** Every revision of a contract's PDF, kept: generated, after each signature, sealed. */
export interface ContractFileTable {
  id: Generated<number>;
  contract_id: number;
  revision: number;
  /** generated, signed or sealed. */
  kind: string;
  sha256: string;
  data: Buffer;
  created_at: string;
}

/** The audit trail: each event's digest covers the one before it (per contract). */
export interface ContractEventTable {
  id: Generated<number>;
  contract_id: number;
  seq: number;
  kind: string;
  actor_user_id: number | null;
  actor_name: Generated<string>;
  company_name: Generated<string>;
  ip: Generated<string>;
  user_agent: Generated<string>;
  note: Generated<string>;
  at: string;
  digest: string;
}

declare module '../../db/schema' {
  interface Database {
    // Electronic contracts: templates and their versions, settings per market, contracts, parties, files, audit trail
    contract_templates: ContractTemplateTable;
    contract_template_versions: ContractTemplateVersionTable;
    contract_settings: ContractSettingTable;
    contracts: ContractTable;
    contract_parties: ContractPartyTable;
    contract_files: ContractFileTable;
    contract_events: ContractEventTable;
  }
}
