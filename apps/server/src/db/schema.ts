import type { Generated } from 'kysely';

/**
 * Row types of the tables. Booleans are stored as 0/1 and times as ISO text on both dialects. A
 * module may declare its own tables in its folder (`tables.ts`) and add them to `Database` by
 * declaration merging; this file then needs no line for them.
 */
export interface KvTable {
  key: string;
  value: string;
  /** Epoch milliseconds; rows past it are dead. */
  expires_at: number;
}

export interface TenantTable {
  tenant_id: string;
  tenant_name: string;
  kind_code: Generated<string>;
}

export interface CompanyTable {
  id: Generated<number>;
  name: string;
  created_at: string;
  // The profile kept in the company user centre (migration 063).
  credit_code: Generated<string>;
  legal_person: Generated<string>;
  address: Generated<string>;
  contact_name: Generated<string>;
  contact_phone: Generated<string>;
  email: Generated<string>;
  main_business: Generated<string>;
  introduction: Generated<string>;
  logo_url: Generated<string>;
  updated_at: Generated<string>;
}

export interface UserTable {
  id: Generated<number>;
  account: string;
  password_hash: string;
  /** 1 while the password is a default one that must be changed. */
  password_default: Generated<number>;
  nick_name: Generated<string>;
  real_name: Generated<string>;
  mobile: Generated<string | null>;
  email: Generated<string>;
  job_no: Generated<string>;
  position: Generated<string>;
  fax: Generated<string>;
  cert_type: Generated<string>;
  cert_no: Generated<string>;
  /** 'operator', 'comp' or 'toVerified'. */
  user_type: string;
  company_id: Generated<number | null>;
  tenant_id: Generated<string>;
  /** 1 enabled, 0 disabled. */
  status: Generated<number>;
  last_login_at: Generated<string | null>;
  last_login_ip: Generated<string>;
  created_at: string;
  updated_at: string;
}

export interface RoleTable {
  id: Generated<number>;
  code: string;
  name: string;
  created_at: string;
}

export interface RolePermissionTable {
  role_id: number;
  auth_code: string;
}

export interface UserRoleTable {
  user_id: number;
  role_id: number;
}

export interface MenuTable {
  id: string;
  parent_id: string;
  name: string;
  title: string;
  sys_title: Generated<string>;
  url: Generated<string>;
  icon: Generated<string>;
  hidden: Generated<number>;
  /** '' for a routed page, 'iframe' for an embedded frame. */
  menu_type: Generated<string>;
  /** JSON text handed to the page. */
  menu_arg: Generated<string>;
  app_code: Generated<string>;
  kind_code: Generated<string>;
  system_code: Generated<string>;
  opt_right: Generated<string>;
  keep_alive: Generated<number>;
  style_type: Generated<string>;
  temp_menu_tpl_id: Generated<string>;
  ext_field: Generated<string>;
  sort: Generated<number>;
  other_prefix: Generated<string>;
  newparam: Generated<string>;
}

/** What reference data (roles, menus, titles, grants) last applied to one row, so an operator's change survives (db/reference-data.ts). */
export interface ReferenceAppliedTable {
  /** e.g. `menu:trading`, `role-menu:company_user:trading`. */
  key: string;
  /** JSON object: column -> value last applied ({} for a row that is only present or absent). */
  applied: string;
  applied_at: string;
}

export interface RoleMenuTable {
  role_id: number;
  menu_id: string;
}

export interface MenuFavoriteTable {
  user_id: number;
  menu_id: string;
  created_at: string;
}

export interface LoginLogTable {
  id: Generated<number>;
  account: string;
  user_id: number | null;
  kind: string;
  result: string;
  ip: string;
  at: string;
}

export interface OperationLogTable {
  id: Generated<number>;
  user_id: number | null;
  account: string;
  ip: string;
  /** The resource name, e.g. `users`. */
  resource: string;
  /** create, update, delete, or a named action such as `reset-password`. */
  action: string;
  record_id: string;
  before_json: string | null;
  after_json: string | null;
  at: string;
}

export interface Database {
  kv: KvTable;
  tenants: TenantTable;
  companies: CompanyTable;
  users: UserTable;
  roles: RoleTable;
  role_permissions: RolePermissionTable;
  user_roles: UserRoleTable;
  menus: MenuTable;
  role_menus: RoleMenuTable;
  menu_favorites: MenuFavoriteTable;
  login_log: LoginLogTable;
  agreements: AgreementTable;
  sms_outbox: SmsOutboxTable;
  varieties: VarietyTable;
  markets: MarketTable;
  shops: ShopTable;
  listings: ListingTable;
  listing_skus: ListingSkuTable;
  listing_facets: ListingFacetTable;
  auction_spaces: AuctionSpaceTable;
  auction_pieces: AuctionPieceTable;
  auction_registrations: AuctionRegistrationTable;
  auction_bids: AuctionBidTable;
  tenders: TenderTable;
  tender_lines: TenderLineTable;
  pur_customer_relations: PurCustomerRelationTable;
  operation_log: OperationLogTable;
  menu_titles: MenuTitleTable;
  reference_applied: ReferenceAppliedTable;
  files: FileTable;
  file_links: FileLinkTable;
  cms_news_types: CmsNewsTypeTable;
  cms_articles: CmsArticleTable;
  cms_banners: CmsBannerTable;
  cms_friend_links: CmsFriendLinkTable;
  cms_enterprises: CmsEnterpriseTable;
  cms_price_indices: CmsPriceIndexTable;
  cms_pages: CmsPageTable;
  // Orders: orders and their timelines (listings and pur_customer_relations gain columns)
  orders: OrderTable;
  order_events: OrderEventTable;
  // Money: deposit accounts and their append-only ledger
  deposit_accounts: DepositAccountTable;
  deposit_entries: DepositEntryTable;
  // Live: timed jobs and the message centre
  scheduled_jobs: ScheduledJobTable;
  installation: InstallationTable;
  system_nodes: SystemNodeTable;
  messages: MessageTable;
  // Sealed tenders: bids, negotiation answers, the record chain, awards; supplier applications
  tender_bids: TenderBidTable;
  tender_answers: TenderAnswerTable;
  tender_chain: TenderChainTable;
  tender_awards: TenderAwardTable;
  supplier_applications: SupplierApplicationTable;
}

/** The one row naming this installation (the default Redis prefix of its servers). */
export interface InstallationTable {
  id: string;
  created_at: string;
}

/** A server of the installation as it last announced itself (the operators' system page). */
export interface SystemNodeTable {
  node_id: string;
  version: string;
  /** ISO times: when this run of the server started, when it last announced itself. */
  started_at: string;
  last_seen_at: string;
  load1: number;
  cpus: number;
  memory_bytes: number;
  message_streams: number;
  auction_streams: number;
  /** Its newest 5xx answers as JSON ({at, requestId, method, route, status}[]). */
  failures_json: string;
}

/** A timed transition: (kind, key) unique; run by exactly one server at or after run_at. */
export interface ScheduledJobTable {
  id: Generated<number>;
  kind: string;
  key: string;
  /** ISO time the job is due. */
  run_at: string;
  /** pending, done, cancelled, or failed (gave up after too many attempts). */
  state: Generated<string>;
  /** The claim running it now (server and attempt); null when nobody holds it. */
  lease_owner: string | null;
  /** Until when the claim holds; a pending job with a later lease is not claimed (also the retry delay). */
  lease_until: string | null;
  attempts: Generated<number>;
  last_error: string | null;
  done_at: string | null;
  updated_at: string;
}

/** One message to one user; title and text are rendered from kind + params when read. */
export interface MessageTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  params_json: string;
  /** {route, query?} of the page the message opens. */
  link_json: string;
  /** 1 once the user read it. */
  is_read: Generated<number>;
  created_at: string;
}

/** One company's deposit in one currency; available = balance - frozen, all in integer cents. */
export interface DepositAccountTable {
  id: Generated<number>;
  company_id: number;
  currency: string;
  balance: Generated<number>;
  frozen: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** One ledger entry, never changed or deleted: what moved, by how much, and the account after it. */
export interface DepositEntryTable {
  id: Generated<number>;
  account_id: number;
  /** credit, debit, freeze, release or forfeit. */
  kind: string;
  /** Positive cents. */
  amount: number;
  /** Signed change of balance and of frozen that this entry made. */
  balance_change: number;
  frozen_change: number;
  balance_after: number;
  frozen_after: number;
  reference: string;
  counterparty_company_id: number | null;
  actor_user_id: number | null;
  at: string;
}

/** An order: who bought what from whom, its state and deadlines (ISO times, empty when not running). */
export interface OrderTable {
  id: Generated<number>;
  order_no: string;
  /** listing, auction or tender. */
  origin: string;
  origin_code: string;
  listing_id: number | null;
  buyer_company_id: number;
  buyer_user_id: number;
  buyer_name: string;
  seller_company_id: number;
  seller_user_id: number;
  seller_name: string;
  /** The buyer's retry key: unique per buyer company. */
  request_id: string;
  /** JSON: what was bought as it was then (OrderSnapshot). */
  snapshot_json: string;
  quantity_milli: number;
  /** Integer cents of currency. */
  amount: number;
  currency: string;
  deposit_frozen: Generated<number>;
  state: number;
  delivery_address: string;
  contact_name: string;
  contact_phone: string;
  remark: Generated<string>;
  confirm_by: Generated<string>;
  pay_by: Generated<string>;
  receive_by: Generated<string>;
  created_at: string;
  updated_at: string;
}

/** One step of an order's timeline; never changed. */
export interface OrderEventTable {
  id: Generated<number>;
  order_id: number;
  action: string;
  /** The order's state after the step. */
  state: number;
  /** null when the platform acted (a deadline). */
  actor_user_id: number | null;
  actor_name: Generated<string>;
  note: Generated<string>;
  /** JSON array of stored file ids (voucher, waybill). */
  file_ids_json: Generated<string>;
  at: string;
}

/** A stored file served by GET /file/download; ids are never reused, so answers cache forever. */
export interface FileTable {
  id: string;
  name: string;
  content_type: string;
  size: number;
  /** Quoted strong validator derived from the bytes. */
  etag: string;
  data: Buffer;
  created_at: string;
  /** The uploader's company; null for the platform's operators and demo data (migration 080). */
  company_id: Generated<number | null>;
}

/** A file given as evidence of a record (migration 195): `scope` names the kind ('order', 'tender-bid'), `ref` the record. */
export interface FileLinkTable {
  id: Generated<number>;
  file_id: string;
  scope: string;
  ref: string;
  created_at: string;
}

export interface CmsNewsTypeTable {
  code: string;
  name: string;
  sort: Generated<number>;
  /** 1 when the news list's column selector offers this type. */
  in_news_list: Generated<number>;
}

export interface CmsArticleTable {
  id: Generated<number>;
  sub_type: string;
  title: string;
  remark: Generated<string>;
  /** Sanitised HTML. */
  body_html: string;
  publish_date: string;
  sort: Generated<number>;
  created_at: string;
  updated_at: string;
  /** Where the cover image is served; '' for none. */
  cover_url: Generated<string>;
}

export interface CmsBannerTable {
  id: Generated<number>;
  position_code: string;
  title: Generated<string>;
  image_url: string;
  url: Generated<string>;
  hyperlink: Generated<string>;
  ad_type: Generated<string>;
  /** JSON text holding an id. */
  attachment: Generated<string>;
  sort: Generated<number>;
  enabled: Generated<number>;
}

export interface CmsFriendLinkTable {
  id: Generated<number>;
  name: string;
  url: string;
  logo: string;
  sort: Generated<number>;
}

export interface CmsEnterpriseTable {
  id: Generated<number>;
  name: string;
  logo: Generated<string>;
  main_business: Generated<string>;
  /** Sanitised HTML. */
  introduce_html: string;
  sort: Generated<number>;
  created_at: string;
}

export interface CmsPriceIndexTable {
  id: Generated<number>;
  goods_name: string;
  /** Hundredths of the index value. */
  index_value: number;
  index_date: string;
  /** Hundredths of a percent. */
  day_change_bp: number;
  month_change_bp: number;
  year_change_bp: number;
  sort: Generated<number>;
}

export interface CmsPageTable {
  /** 'about_us', 'footer' or 'page_config'. */
  code: string;
  content: string;
  image_url: Generated<string>;
  updated_at: string;
}

/** A menu title in a language other than zh-CN (the menus row holds the source title). */
export interface MenuTitleTable {
  menu_id: string;
  /** en-US or zh-TW. */
  lang: string;
  title: string;
}

export interface AgreementTable {
  id: Generated<number>;
  /** 'register' or 'privacy'. */
  kind: string;
  title: string;
  /** Plain text, paragraphs separated by blank lines. */
  body: string;
  sort: Generated<number>;
  /** 1 shown at registration, 0 hidden. */
  enabled: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** Messages of the `outbox` SMS provider (development and tests). */
export interface SmsOutboxTable {
  id: Generated<number>;
  mobile: string;
  purpose: string;
  text: string;
  code: string;
  sent_at: string;
}

// Trading (migration 004): money in cents, quantities in thousandths of their unit.

/** A node of the 3-level variety tree. */
export interface VarietyTable {
  id: Generated<number>;
  code: string;
  /** '' at the top level. */
  par_code: string;
  short_name: string;
  level: number;
  unit: Generated<string>;
  sort: Generated<number>;
}

export interface MarketTable {
  market_id: string;
  market_name_zh: string;
  obj_mode: number;
  currency: string;
  sort: Generated<number>;
}

/** A seller's store; keyed by the seller's user id. */
export interface ShopTable {
  user_id: number;
  company_name: string;
  logo_file_id: Generated<string>;
  region: Generated<string>;
  main_business: Generated<string>;
  introduction: Generated<string>;
  contact_name: Generated<string>;
  contact_phone: Generated<string>;
  recommended: Generated<number>;
  recommend_sort: Generated<number>;
  opened_at: string;
}

export interface ListingTable {
  id: Generated<number>;
  trade_listing_code: string;
  listing_type: string;
  hold_bs: number;
  /** 1 on listing, 2 sold out, 3 withdrawn. */
  obj_state: number;
  single_price: number;
  currency: string;
  obj_listing_milli: number;
  surplus_milli: number;
  min_milli: number;
  obj_listing_day: number;
  obj_period_day: number;
  transport_way: string;
  payment_type: number;
  seller_id: number;
  /** The seller's company name at publication. */
  user_name: string;
  market_code: string;
  variety_l1: string;
  variety_l2: string;
  /** The leaf (level 3) of the variety tree. */
  variety_code: string;
  variety_name: string;
  pic_file_id: Generated<string>;
  publish_time: string;
  origin: Generated<string>;
  delivery_place: Generated<string>;
  delivery_start: Generated<string>;
  delivery_end: Generated<string>;
  remark: Generated<string>;
  /** Orders: the owner's company and what its owner manages (migration 110). */
  company_id: Generated<number>;
  goods_sku_name: Generated<string>;
  /** Order quantities are the minimum plus whole steps of this (thousandths); 0: any. */
  step_milli: Generated<number>;
  deposit_ratio: Generated<number>;
  pictures_json: Generated<string>;
  description: Generated<string>;
  review_remark: Generated<string>;
  expire_time: Generated<string>;
  updated_at: Generated<string>;
  /** The listing's market card as JSON, kept by triggers (migration 143). */
  card_json: Generated<string>;
}

export interface ListingSkuTable {
  id: Generated<number>;
  listing_id: number;
  sort: Generated<number>;
  goods_sku_name: string;
  variety_unit: string;
  /** JSON text: [{name, value}]. */
  specs_json: Generated<string>;
}

/** Listings per combination of the tag filters; kept by triggers (migration 004). */
export interface ListingFacetTable {
  obj_state: number;
  hold_bs: number;
  listing_type: string;
  market_code: string;
  variety_l1: string;
  variety_l2: string;
  variety_code: string;
  n: number;
}

export interface AuctionSpaceTable {
  id: Generated<number>;
  user_id: number;
  space_name: string;
  space_info_user: string;
  name: string;
  entry_person_name: string;
  space_auction_mode: number;
  space_status: number;
  begin_at: string;
  end_at: string;
  price_step: number;
  deposit: number;
  currency: string;
  delivery_place: Generated<string>;
  description: Generated<string>;
  contact_name: Generated<string>;
  contact_phone: Generated<string>;
  created_at: string;
  // Live auctions (migration 141)
  company_id: Generated<number>;
  registration_end_at: Generated<string>;
  delay_window_sec: Generated<number>;
  delay_sec: Generated<number>;
  /** open or invited (the owner's supplier list). */
  scope: Generated<string>;
  remark: Generated<string>;
  review_remark: Generated<string>;
  /** 1 while an operator has it suspended. */
  suspended: Generated<number>;
  suspended_at: Generated<string>;
  updated_at: Generated<string>;
  /** The last bid's seq: bumped in the bid's own transaction, so seq is gap-free. */
  last_seq: Generated<number>;
  /** The last bid's digest (64 zeros before the first). */
  chain_digest: Generated<string>;
  /** Registrations so far: the next alias number. */
  registration_count: Generated<number>;
}

export interface AuctionPieceTable {
  id: Generated<number>;
  space_id: number;
  sort: Generated<number>;
  piece_name: string;
  trade_status: number;
  img_file_id: Generated<string>;
  open_base_price: number;
  base_price: number;
  payment_type: number;
  total_weight_milli: number;
  stat_unit: string;
  // Live auctions (migration 141)
  variety_code: Generated<string>;
  min_bid_milli: Generated<number>;
  bid_step_milli: Generated<number>;
  transport_way: Generated<string>;
  delivery_place: Generated<string>;
  pictures_json: Generated<string>;
  /** The (extended) end of bidding. */
  end_at: Generated<string>;
  bidder_count: Generated<number>;
  /** tradeStatus 4: the owner's decision is due then. */
  decide_by: Generated<string>;
  reserve_price: number | null;
  best_price: number | null;
  deal_price: number | null;
  deal_milli: number | null;
}

export interface AuctionRegistrationTable {
  id: Generated<number>;
  space_id: number;
  company_id: number;
  user_id: number;
  alias_no: number;
  deposit: number;
  currency: string;
  deposit_state: string;
  created_at: string;
  updated_at: string;
}

export interface AuctionBidTable {
  id: Generated<number>;
  space_id: number;
  piece_id: number;
  company_id: number;
  user_id: number;
  alias_no: number;
  seq: number;
  price: number;
  quantity_milli: number;
  state: string;
  request_id: string;
  at: string;
  digest: string;
  fill_milli: number | null;
}

export interface TenderTable {
  id: Generated<number>;
  user_id: number;
  tender_no: string;
  tender_name: string;
  user_name: string;
  /** 'inquiry' or 'bidding'. */
  tender_type: string;
  obj_state: number;
  bid_begin_at: string;
  bid_end_at: string;
  currency: string;
  payment_type: number;
  contact_name: Generated<string>;
  contact_phone: Generated<string>;
  description: Generated<string>;
  publish_time: string;
  /** The buyer's company (tenders made before it was kept: filled from user_id). */
  company_id: number | null;
  /** When the bids are opened (ISO); default bid_end_at. */
  open_at: Generated<string>;
  /** 'lowest' or 'scoring'. */
  evaluation_method: Generated<string>;
  price_weight: number | null;
  min_valid_bids: Generated<number>;
  /** Deposit per bid, cents. */
  deposit: Generated<number>;
  document_file_ids: Generated<string>;
  review_remark: Generated<string>;
  /** Why it ended in 7: the buyer's cancellation or the failure. */
  close_reason: Generated<string>;
  opened_at: Generated<string>;
  /** The evaluation (method, rows with scores and ranks) as JSON; empty before. */
  evaluation_json: Generated<string>;
  /** 'finalQuote' or 'clarification' once the round is opened; empty before. */
  negotiation_kind: Generated<string>;
  negotiation_question: Generated<string>;
  negotiation_deadline: Generated<string>;
  negotiation_at: Generated<string>;
  negotiation_closed_at: Generated<string>;
  /** The last digest of this tender's record chain (opening, final quotes, award). */
  chain_digest: Generated<string>;
  updated_at: Generated<string>;
}

/**
 * A supplier's bid on a tender: one row per supplier company, revised in place (version + 1).
 * The priced content lives only in `sealed` (AES-256-GCM under key `key_id`) until the opening
 * writes `opened_json`.
 */
export interface TenderBidTable {
  id: Generated<number>;
  tender_id: number;
  supplier_user_id: number;
  supplier_company_id: number;
  supplier_name: string;
  version: number;
  /** submitted, withdrawn, opened, valid, invalid, won, lost. */
  state: string;
  invalid_reason: Generated<string>;
  key_id: string;
  sealed: string;
  /** SHA-256 of the canonical content and the receipt time (the supplier's receipt). */
  digest: string;
  receipt_time: string;
  opened_json: Generated<string>;
  total: number | null;
  technical_score: number | null;
  score: number | null;
  rank: number | null;
  deposit_frozen: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** A valid bidder's answer in the negotiation round, sealed like a bid until the deadline. */
export interface TenderAnswerTable {
  id: Generated<number>;
  tender_id: number;
  bid_id: number;
  /** finalQuote or clarification. */
  kind: string;
  key_id: string;
  sealed: string;
  digest: string;
  receipt_time: string;
  opened_json: Generated<string>;
  created_at: string;
}

/** One record of a tender's hash chain: digest = SHA-256(prev_digest + content). */
export interface TenderChainTable {
  id: Generated<number>;
  tender_id: number;
  seq: number;
  /** opening, finalQuotes, award. */
  kind: string;
  /** The record's canonical JSON. */
  content: string;
  prev_digest: string;
  digest: string;
  created_at: string;
}

/** A line's quantity awarded to one bid, and the order it became. */
export interface TenderAwardTable {
  id: Generated<number>;
  tender_id: number;
  line_no: number;
  bid_id: number;
  supplier_user_id: number;
  supplier_name: string;
  quantity_milli: number;
  unit_price: number;
  order_no: Generated<string>;
}

/** A supplier's request to join a buyer's supplier list. */
export interface SupplierApplicationTable {
  id: Generated<number>;
  buyer_user_id: number;
  supplier_user_id: number;
  remark: Generated<string>;
  /** pending, accepted, declined. */
  state: string;
  created_at: string;
  decided_at: Generated<string>;
}

export interface TenderLineTable {
  id: Generated<number>;
  tender_id: number;
  sort: Generated<number>;
  goods_name: string;
  specification: Generated<string>;
  quantity_milli: number;
  unit: string;
  delivery_place: Generated<string>;
  delivery_date: Generated<string>;
}

/** A supplier on a buyer's supplier list: it may bid on the buyer's tenders. */
export interface PurCustomerRelationTable {
  buyer_user_id: number;
  supplier_user_id: number;
  created_at: string;
  remark: Generated<string>;
}
