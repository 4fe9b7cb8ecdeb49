import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app';
import { openSse } from '../../../test/sse-client';
import { envelope } from '../../../test/test-app';
import { auctionTestKit, type AuctionApp } from '../auction.fixture';

const kit = auctionTestKit({ SSE_HEARTBEAT_SECONDS: '1' });
const { window } = kit;
let a: AuctionApp;
beforeAll(() => {
  a = kit.app();
});

describe('the room stream', () => {
  it('sends its headers at once, bids with their seq as id, and resumes after Last-Event-ID', async () => {
    const w = window();
    const space = await a.running('supplier01', ['buyer01', 'buyer02'], {
      auctionBeginTime: w.auctionBeginTime,
      auctionEndTime: w.auctionEndTime,
    });
    await a.app.listen({ host: '127.0.0.1', port: 0 });
    const address = a.app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const stream = await openSse(`${base}/auction/ws/auctionSpaceInfo/stream?spaceId=${space.spaceId}`);
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers['content-type']).toContain('text/event-stream');
      await a.bid('buyer01', space, 60_000);
      const first = await stream.next((e) => e.event === 'bid');
      expect(first.id).toBe('1');
      const data = JSON.parse(first.data) as Record<string, unknown>;
      expect(data).toMatchObject({ seq: 1, price: 60_000, alias: '竞买人 1', currentPrice: 60_000 });
      expect(first.data).not.toContain('华北');
      await stream.nextComment(1, 5000);
    } finally {
      stream.close();
    }
    await a.bid('buyer02', space, 61_000);
    await a.bid('buyer01', space, 62_000);
    const resumed = await openSse(`${base}/auction/ws/auctionSpaceInfo/stream?spaceId=${space.spaceId}`, { 'last-event-id': '1' });
    try {
      await resumed.next((e) => e.event === 'status');
      const kinds = resumed.events.map((e) => `${e.event}:${e.id ?? ''}`);
      expect(kinds.slice(0, 3)).toEqual(['bid:2', 'bid:3', 'status:']);
    } finally {
      resumed.close();
    }
    // A bid another server accepted but never announced (it stopped first) is filled in from the
    // database as soon as the next live bid shows the gap: in order, and once.
    const silent = await buildApp({ settings: a.settings, database: a.database, kv: a.kv, now: a.clock.now });
    await silent.ready();
    const watching = await openSse(`${base}/auction/ws/auctionSpaceInfo/stream?spaceId=${space.spaceId}`, { 'last-event-id': '3' });
    try {
      await watching.next((e) => e.event === 'status');
      const unannounced = await silent.inject({
        method: 'POST',
        url: '/auction/ws/bid/place',
        payload: a.bidBody(space, 63_000),
        headers: { token: a.tokens.buyer02 },
      });
      expect(envelope(unannounced).error_no).toBe('0');
      await a.bid('buyer01', space, 64_000);
      await watching.next((e) => e.event === 'bid' && e.id === '5');
      expect(watching.events.filter((e) => e.event === 'bid').map((e) => e.id)).toEqual(['4', '5']);
    } finally {
      watching.close();
      await silent.close();
    }
    const later = window();
    const hidden = await a.approved('buyer01', {
      scope: 'invited',
      spaceAuctionMode: 4,
      auctionBeginTime: later.auctionBeginTime,
      auctionEndTime: later.auctionEndTime,
    });
    const refused = await openSse(`${base}/auction/ws/auctionSpaceInfo/stream?spaceId=${hidden.spaceId}`);
    expect(refused.status).toBe(404);
    refused.close();
  });
});
