import type { Db } from '../db/database';

/**
 * The demo's orders tell a story of deals already under way: they are paid as the story plays,
 * before anyone could sign their contracts. While the story plays, no market requires a signed
 * contract before payment (its contracts are made all the same, signable, without holding payment
 * back); afterwards every market's setting is what it was, so new orders wait for their contracts.
 */
export async function withoutSigningBeforePayment<T>(db: Db, play: () => Promise<T>): Promise<T> {
  const settings = await db.selectFrom('contract_settings').select(['market_id', 'signing_required']).execute();
  await db.updateTable('contract_settings').set({ signing_required: 0 }).execute();
  try {
    return await play();
  } finally {
    for (const s of settings) {
      await db
        .updateTable('contract_settings')
        .set({ signing_required: s.signing_required })
        .where('market_id', '=', s.market_id)
        .execute();
    }
  }
}
