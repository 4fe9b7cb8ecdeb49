import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import type { Db, Dialect } from '../database';
import { foundation } from './001-foundation';
import { operationLog } from './060-operation-log';
import { account } from './002-account';
import { menuTitles } from './020-menu-titles';
import { cms } from './003-cms';
import { trading } from './004-trading';
import { menuFields } from './061-menu-fields';
import { articleCovers } from './062-article-covers';
import { companyProfile } from './063-company-profile';
import { fileOwners } from './080-file-owners';
// Reference data: roles, permission codes, menus and their titles
import { referenceData } from './100-reference-data';
import { tradingMenus } from './101-trading-menus';
import { auctionTenderMenus } from './140-auction-tender-menus';
import { tenderTrading } from './150-tender-trading';
// Auctions: live bidding, registrations, results
import { auctionTrading } from './141-auction-trading';
import { newsTypes } from './102-news-types';
// Orders: listing management, orders, the supplier list's remark
import { orders } from './110-orders';
// Live: timed jobs and the message centre
import { scheduledJobs } from './120-scheduled-jobs';
import { messages } from './121-messages';

// Money: deposit accounts and their ledger
import { deposits } from './115-deposits';

/** Every migration in order. A new one is a new file and one line here; released ones never change. */
function allMigrations(dialect: Dialect): Record<string, Migration> {
  return {
    '001-foundation': foundation(dialect),
    '004-trading': trading(dialect),
    '060-operation-log': operationLog(dialect),
    '002-account': account(dialect),
    '020-menu-titles': menuTitles(),
    '003-cms': cms(dialect),
    '061-menu-fields': menuFields(),
    '062-article-covers': articleCovers(),
    '063-company-profile': companyProfile(),
    '080-file-owners': fileOwners(),
    '100-reference-data': referenceData(),
    '101-trading-menus': tradingMenus(),
    '102-news-types': newsTypes(),
    '115-deposits': deposits(dialect),
    '110-orders': orders(dialect),
    '120-scheduled-jobs': scheduledJobs(dialect),
    '121-messages': messages(dialect),
    '140-auction-tender-menus': auctionTenderMenus(),
    '150-tender-trading': tenderTrading(dialect),
    '141-auction-trading': auctionTrading(dialect),
  };
}

/** Brings the schema up to date; throws when a migration fails. `skip` leaves the migrations it names out (a test that builds an older release's database). */
export async function migrateToLatest(db: Db, dialect: Dialect, opts: { skip?: (name: string) => boolean } = {}): Promise<void> {
  const every = allMigrations(dialect);
  const chosen = opts.skip ? Object.fromEntries(Object.entries(every).filter(([name]) => !opts.skip!(name))) : every;
  const provider: MigrationProvider = { getMigrations: async () => chosen };
  // Areas add migrations independently; an older name arriving later must still apply.
  // The migrator looks for its own tables in every schema unless told one; a test schema beside
  // this one (PostgreSQL runs each test in its own) would otherwise pass for this one's.
  const migrationTableSchema =
    dialect === 'postgres' ? (await sql<{ name: string }>`select current_schema() as name`.execute(db)).rows[0]?.name : undefined;
  const migrator = new Migrator({
    db,
    provider,
    allowUnorderedMigrations: true,
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}
