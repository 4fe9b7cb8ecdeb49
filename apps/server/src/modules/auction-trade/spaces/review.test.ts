import { beforeAll, describe, expect, it } from 'vitest';
import type { ManagedAuctionSpace } from '@portal/contracts/auction-trade';
import { auctionTestKit, type AuctionApp } from '../auction.fixture';

const kit = auctionTestKit({ SSE_HEARTBEAT_SECONDS: '1' });
const { window, room, detail } = kit;
let a: AuctionApp;
beforeAll(() => {
  a = kit.app();
});

describe('withdrawal and suspension', () => {
  it('withdrawing before the start releases every registration deposit', async () => {
    const w = window();
    const space = await a.approved('supplier03', {
      auctionBeginTime: w.auctionBeginTime,
      auctionEndTime: w.auctionEndTime,
      deposit: 300_000,
    });
    await a.register(space, ['buyer02']);
    const withdrawn = await a.ok<ManagedAuctionSpace>('supplier03', '/auction/ws/auctionSpaceInfo/withdraw', { spaceId: space.spaceId });
    expect(withdrawn.spaceStatus).toBe(5);
    const reg = await a.database.db
      .selectFrom('auction_registrations')
      .select('deposit_state')
      .where('space_id', '=', Number(space.spaceId))
      .executeTakeFirstOrThrow();
    expect(reg.deposit_state).toBe('released');
    a.clock.set(w.auctionBeginTime);
    await a.runDue();
    expect((await detail('supplier03', space.spaceId)).spaceStatus).toBe(5);
  });

  it('a suspension pauses the clock: the lost bidding time is given back on resume', async () => {
    const w = window();
    const space = await a.running('supplier01', ['buyer01'], { auctionBeginTime: w.auctionBeginTime, auctionEndTime: w.auctionEndTime });
    a.clock.set(`${w.auctionBeginTime.slice(0, 10)}T09:30:00.000Z`);
    await a.ok('admin', '/auction/ws/auctionSpaceInfo/suspend', { spaceId: space.spaceId, reason: '系统维护' });
    a.clock.set(w.end);
    await a.runDue();
    expect((await room('buyer01', space.spaceId)).itemList[0]!.tradeStatus).toBe(0);
    a.clock.set(`${w.auctionBeginTime.slice(0, 10)}T10:10:00.000Z`);
    await a.ok('admin', '/auction/ws/auctionSpaceInfo/resume', { spaceId: space.spaceId, reason: '维护完成' });
    const resumed = await room('buyer01', space.spaceId);
    expect(resumed.itemList[0]!.endTime).toBe(`${w.auctionBeginTime.slice(0, 10)}T10:40:00.000Z`);
    await a.bid('buyer01', space, 60_000);
  });
});

describe('an operator withdrawing a suspended space', () => {
  it('ends it without a result and gives every deposit back; a running space must be suspended first', async () => {
    const w = window();
    const space = await a.running('supplier01', ['buyer02'], { auctionBeginTime: w.auctionBeginTime, auctionEndTime: w.auctionEndTime });
    await a.bid('buyer02', space, 60_000);
    const notSuspended = await a.refused('admin', '/auction/ws/auctionSpaceInfo/adminWithdraw', { spaceId: space.spaceId, reason: '违规' });
    expect(notSuspended.code).toBe('120001');
    await a.ok('admin', '/auction/ws/auctionSpaceInfo/suspend', { spaceId: space.spaceId, reason: '涉嫌串标' });
    const ended = await a.ok<ManagedAuctionSpace>('admin', '/auction/ws/auctionSpaceInfo/adminWithdraw', {
      spaceId: space.spaceId,
      reason: '经核实存在串标，终止本场',
    });
    expect(ended).toMatchObject({ spaceStatus: 5, suspended: false, reviewRemark: '经核实存在串标，终止本场' });
    const reg = await a.database.db
      .selectFrom('auction_registrations')
      .select('deposit_state')
      .where('space_id', '=', Number(space.spaceId))
      .executeTakeFirstOrThrow();
    expect(reg.deposit_state).toBe('released');
    a.clock.set(w.end);
    await a.runDue();
    expect((await detail('supplier01', space.spaceId)).spaceStatus).toBe(5);
    expect((await a.refused('buyer02', '/auction/ws/auctionSpaceInfo/result', { spaceId: space.spaceId })).code).toBe('140013');
  });
});
