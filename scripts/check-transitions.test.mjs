import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { checkTransitions, formatProblem } from './check-transitions.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let tree;

/** Lays out a small repository with two machines declared the way the contracts declare them. */
function layOut(files) {
  tree = fs.mkdtempSync(path.join(os.tmpdir(), 'transitions-'));
  const all = {
    'packages/contracts/src/machines.ts': `
      export const listingMachine = defineMachine({ name: 'listing', table: 'listings', id: 'id', state: 'obj_state', refusal: 'STATE_NOT_ALLOWED', transitions: {} });
      export const spaceMachine = defineMachine({ name: 'space', table: 'auction_spaces', id: 'id', state: 'space_status', refusal: 'STATE_NOT_ALLOWED', transitions: {} });
      export const suspensionMachine = defineMachine({ name: 'suspension', table: 'auction_spaces', id: 'id', state: 'suspended', refusal: 'STATE_NOT_ALLOWED', transitions: {} });
    `,
    ...files,
  };
  for (const [file, text] of Object.entries(all)) {
    fs.mkdirSync(path.dirname(path.join(tree, file)), { recursive: true });
    fs.writeFileSync(path.join(tree, file), text);
  }
  return checkTransitions(tree).map((p) => `${p.file}:${p.line} ${p.table}: ${p.what}`);
}

afterEach(() => {
  if (tree) fs.rmSync(tree, { recursive: true, force: true });
  tree = undefined;
});

const repo = 'apps/server/src/modules/listing-manage/listing-manage.repo.ts';

describe('state columns written outside the transitions helper', () => {
  it('fails an update that sets a state column, whatever way the object is written', () => {
    const problems = layOut({
      [repo]: [
        "export const a = (trx, id) => trx.updateTable('listings').set({ obj_state: 4 }).where('id', '=', id).execute();",
        "export const b = (trx, id) => trx.updateTable('listings as l').set((eb) => ({ surplus_milli: 0, obj_state: eb.val(2) })).execute();",
        "export const c = (trx, id) => { const patch = { obj_state: 3 }; return trx.updateTable('listings').set(patch).execute(); };",
        "export const d = (trx, id, up) => trx.updateTable('listings').set({ ...(up ? { obj_state: 1 } : {}) }).execute();",
      ].join('\n'),
    });
    expect(problems).toEqual([
      `${repo}:1 listings: an update sets its state column obj_state`,
      `${repo}:2 listings: an update sets its state column obj_state`,
      `${repo}:3 listings: an update sets its state column obj_state`,
      `${repo}:4 listings: an update sets its state column obj_state`,
    ]);
  });

  it('fails a patch of unseen columns unless it is typed without the states of its table', () => {
    const problems = layOut({
      [repo]: [
        "export const open = (trx, id, values: Updateable<ListingTable>) => trx.updateTable('listings').set(values).execute();",
        "export const typed = (trx, id, values: Stateless<ListingTable, 'obj_state'>) => trx.updateTable('listings').set(values).execute();",
        "export const half = (trx, id, values: Stateless<AuctionSpaceTable, 'space_status'>) => trx.updateTable('auction_spaces').set(values).execute();",
        "export const both = (trx, id, values: Stateless<AuctionSpaceTable, 'space_status' | 'suspended'>) => trx.updateTable('auction_spaces').set(values).execute();",
      ].join('\n'),
    });
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(new RegExp(`^${repo}:1 listings: an update sets columns the check cannot see`));
    expect(problems[1]).toMatch(
      new RegExp(`^${repo}:3 auction_spaces: an update sets columns the check cannot see .*'space_status' \\| 'suspended'`),
    );
  });

  it('fails inserts, upserts and raw SQL that write a state, and a resource over a state table', () => {
    const problems = layOut({
      'apps/server/src/platform/scheduler.ts': [
        "export const i = (trx) => trx.insertInto('listings').values({ obj_state: 0, surplus_milli: 5 }).execute();",
        "export const u = (trx) => trx.insertInto('listings').values({ id: 1 }).onConflict((oc) => oc.column('id').doUpdateSet({ obj_state: 1 })).execute();",
        'export const r = (trx, id) => sql`update listings set surplus_milli = 0, obj_state = 2 where id = ${id}`.execute(trx);',
        "export const t = (db) => createTableRepo(db, { table: 'auction_spaces', key: undefined });",
      ].join('\n'),
    });
    expect(problems).toEqual([
      'apps/server/src/platform/scheduler.ts:1 listings: an insert writes its state column obj_state',
      'apps/server/src/platform/scheduler.ts:2 listings: an upsert sets its state column obj_state',
      'apps/server/src/platform/scheduler.ts:3 listings: raw SQL writes its state column obj_state',
      'apps/server/src/platform/scheduler.ts:4 auction_spaces: a back-office resource writes it (its states change through the helper only)',
    ]);
  });

  it("fails a helper call that writes another machine's state column of the same table on the side", () => {
    const problems = layOut({
      'apps/server/src/modules/auctions/spaces.service.ts':
        "export const w = (trx, id) => move(trx, spaceMachine, 'withdraw', id, { to: 5, set: { suspended: 0, review_remark: '' } });",
    });
    expect(problems).toEqual([
      'apps/server/src/modules/auctions/spaces.service.ts:1 auction_spaces: a move() writes the state column suspended on the side',
    ]);
  });

  it('passes other columns, other tables, the helper itself and tests', () => {
    const problems = layOut({
      [repo]: [
        "export const a = (trx, id, m) => trx.updateTable('listings').set({ surplus_milli: sql`surplus_milli - ${m}`, updated_at: '' }).execute();",
        "export const b = (trx) => trx.updateTable('messages').set({ state: 1 }).execute();",
        "export const c = (trx, s) => trx.updateTable('auction_spaces').set({ last_seq: s.last_seq, chain_digest: s.chain_digest }).execute();",
      ].join('\n'),
      'apps/server/src/platform/transitions.ts':
        'export const m = (trx, t, v) => trx.updateTable(t).set({ ...v, obj_state: 1 }).execute();',
      'apps/server/src/modules/listing-manage/listing-manage.routes.test.ts':
        "await db.updateTable('listings').set({ obj_state: 6 }).where('id', '=', 1).execute();",
      'apps/server/src/modules/auctions/spaces.service.ts':
        "export const w = (trx, id) => move(trx, spaceMachine, 'withdraw', id, { to: 5, set: { review_remark: '' } });",
    });
    expect(problems).toEqual([]);
  });

  it('formats a problem with the file, the line and the rule', () => {
    const [problem] = checkTransitions(
      (layOut({ [repo]: "export const a = (trx) => trx.updateTable('listings').set({ obj_state: 4 }).execute();" }), tree),
    );
    expect(formatProblem(problem)).toBe(
      `${repo}:1 listings: an update sets its state column obj_state; a state changes through apps/server/src/platform/transitions.ts only`,
    );
  });
});

describe('the repository', () => {
  it('writes no state column outside the transitions helper', () => {
    expect(checkTransitions(repoRoot).map(formatProblem)).toEqual([]);
  });
});
