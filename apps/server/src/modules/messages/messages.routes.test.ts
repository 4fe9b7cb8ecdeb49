import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionActions } from '@portal/contracts/admin';
import type { Message } from '@portal/contracts/messages';
import { createTestApp, envelope, login, type TestApp } from '../../test/test-app';
import { openSse } from '../../test/sse-client';
import type { MessageDraft } from './messages.service';

let t: TestApp;
let base: string;
const ids: Record<string, { userId: number; companyId: number }> = {};

beforeAll(async () => {
  t = await createTestApp({ SSE_HEARTBEAT_SECONDS: '1' });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  for (const account of ['buyer01', 'supplier01', 'buyer02']) {
    const row = await t.database.db
      .selectFrom('users')
      .select(['id', 'company_id'])
      .where('account', '=', account)
      .executeTakeFirstOrThrow();
    ids[account] = { userId: row.id, companyId: row.company_id! };
  }
});
afterAll(async () => {
  await t?.close();
});

const orderPlaced = (orderNo: string): MessageDraft => ({
  kind: 'order.placed',
  params: { party: '华北化工集团有限公司', goodsName: '动力煤', quantity: '10 吨', orderNo },
  link: { route: '/trade/sales', query: { orderNo } },
});

/** Writes a message the way other modules do: inside a write, published after its commit. */
const tellCompany = (companyId: number, draft: MessageDraft) =>
  t.app.live.writes.write({ actorUserId: null, action: 'test', target: 'order:test' }, (trx, emit) =>
    t.app.live.messages.notifyCompany(trx, companyId, draft, emit),
  );

/** Fails when the stream is still open after `ms`. */
const endsWithin = (ended: Promise<void>, ms: number) =>
  Promise.race([ended, new Promise((_, fail) => setTimeout(() => fail(new Error('stream still open')), ms))]);

const headersOf = (session: { token: string }, lang = 'zh-CN') => ({ token: session.token, cookie: `lang=${lang}` });
const post = (url: string, session: { token: string }, payload: unknown, lang = 'zh-CN') =>
  t.app.inject({ method: 'POST', url, headers: headersOf(session, lang), payload: payload as object });

describe('message centre', () => {
  it('gives every user of a company the message, rendered in the reader’s language, and counts the unread', async () => {
    const supplier = await login(t.app, 'supplier01', 'Supplier@2026');
    const before = envelope(await post('/omc/api/message/unreadCount', supplier, {})).data as { count: number };
    await tellCompany(ids.supplier01!.companyId, orderPlaced('ORD-A1'));

    const after = envelope(await post('/omc/api/message/unreadCount', supplier, {})).data as { count: number };
    expect(after.count).toBe(before.count + 1);
    const zh = envelope(await post('/omc/api/message/page', supplier, { pageNo: 1, pageSize: 8 })).data as {
      items: Message[];
      totalItem: number;
    };
    expect(zh.items[0]).toMatchObject({
      kind: 'order.placed',
      title: '新订单',
      text: '华北化工集团有限公司 订购了 动力煤 10 吨，订单号 ORD-A1，请及时确认。',
      link: { route: '/trade/sales', query: { orderNo: 'ORD-A1' } },
      read: false,
    });
    expect(zh.items[0]!.id).toMatch(/^\d+$/);
    expect(zh.items[0]!.time).toMatch(/Z$/);
    const en = envelope(await post('/omc/api/message/page', supplier, { pageNo: 1, pageSize: 8 }, 'en-US')).data as { items: Message[] };
    expect(en.items[0]).toMatchObject({
      title: 'New order',
      text: '华北化工集团有限公司 ordered 10 t of 动力煤 (order ORD-A1). Please confirm it.',
    });
    const tw = envelope(await post('/omc/api/message/page', supplier, { pageNo: 1, pageSize: 8 }, 'zh-TW')).data as { items: Message[] };
    expect(tw.items[0]!.title).toBe('新訂單');

    // Another company sees none of it.
    const buyer = await login(t.app, 'buyer02', 'Buyer@2026');
    const theirs = envelope(await post('/omc/api/message/page', buyer, { pageNo: 1, pageSize: 32 })).data as { items: Message[] };
    expect(theirs.items.find((m) => m.id === zh.items[0]!.id)).toBeUndefined();
  });

  it('names times in the reader’s zone (the tz cookie) and money as on the screens, never ISO or a currency code', async () => {
    const supplier = await login(t.app, 'supplier01', 'Supplier@2026');
    await tellCompany(ids.supplier01!.companyId, {
      kind: 'auction.reserveDecision',
      params: { pieceName: 'Lot A', amount: 1_000_000, currency: 'CNY', deadline: '2026-11-28T04:50:35.627Z' },
      link: { route: '/trade/auctions' },
    });
    const page = async (cookie: string) =>
      (
        envelope(
          await t.app.inject({
            method: 'POST',
            url: '/omc/api/message/page',
            headers: { token: supplier.token, cookie },
            payload: { pageNo: 1, pageSize: 8 },
          }),
        ).data as { items: Message[] }
      ).items[0]!.text;
    const newYork = await page('lang=en-US; tz=America/New_York');
    expect(newYork).toBe(
      'The best bid on lot “Lot A”, ￥10,000.00, missed your reserve. Decide before 2026-11-27 23:50 UTC-5; after that there is no deal.',
    );
    // No zone told (or one that is not a zone): the platform's.
    expect(await page('lang=zh-TW; tz=Mars/Base')).toContain('請在 2026-11-28 12:50 UTC+8 前決定');
    expect(await page('lang=zh-CN')).not.toMatch(/\dT\d|CNY/);
  });

  it('marks messages read; another user’s message answers 404 and marks nothing; bad ids answer 400 naming the field', async () => {
    const supplier = await login(t.app, 'supplier01', 'Supplier@2026');
    const buyer = await login(t.app, 'buyer02', 'Buyer@2026');
    await tellCompany(ids.supplier01!.companyId, orderPlaced('ORD-R1'));
    await tellCompany(ids.buyer02!.companyId, orderPlaced('ORD-R2'));
    const mine = (
      envelope(await post('/omc/api/message/page', supplier, { pageNo: 1, pageSize: 8, read: false })).data as { items: Message[] }
    ).items[0]!;
    const theirs = (envelope(await post('/omc/api/message/page', buyer, { pageNo: 1, pageSize: 8 })).data as { items: Message[] })
      .items[0]!;

    const refused = await post('/omc/api/message/read', supplier, { ids: [mine.id, theirs.id] });
    expect(refused.statusCode).toBe(404);
    const stillUnread = (
      envelope(await post('/omc/api/message/page', supplier, { pageNo: 1, pageSize: 8, read: false })).data as { items: Message[] }
    ).items;
    expect(stillUnread.map((m) => m.id)).toContain(mine.id);

    const bad = await post('/omc/api/message/read', supplier, { ids: ['x1'] });
    expect(bad.statusCode).toBe(400);
    expect(envelope(bad).data).toMatchObject({ field: 'ids.0' });

    const count = (envelope(await post('/omc/api/message/unreadCount', supplier, {})).data as { count: number }).count;
    const marked = await post('/omc/api/message/read', supplier, { ids: [mine.id] });
    expect(marked.statusCode).toBe(200);
    expect(envelope(marked).data).toMatchObject([{ id: mine.id, read: true }]);
    expect((envelope(await post('/omc/api/message/unreadCount', supplier, {})).data as { count: number }).count).toBe(count - 1);
  });

  it('tells a company many messages at once, each user each message, the stored and the announced alike', async () => {
    const { db } = t.database;
    // A company of three people, told 700 messages: more rows than one insert takes.
    const at = new Date().toISOString();
    const company = await db.insertInto('companies').values({ name: '三人公司', created_at: at }).returning('id').executeTakeFirstOrThrow();
    const users = [];
    for (const account of ['trio01', 'trio02', 'trio03']) {
      const values = { account, password_hash: '', nick_name: account, user_type: 'comp', company_id: company.id, tenant_id: 'T001' };
      users.push(
        await db
          .insertInto('users')
          .values({ ...values, created_at: at, updated_at: at })
          .returning('id')
          .executeTakeFirstOrThrow(),
      );
    }
    const drafts = Array.from({ length: 700 }, (_, i) => ({ ...orderPlaced(`ORD-M${i}`), requestId: `req-${i}` }));
    const announced: { key: string; requestId?: string; userIds?: number[]; data?: unknown }[] = [];
    const from =
      (
        await db
          .selectFrom('messages')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirstOrThrow()
      ).id ?? 0;
    await t.app.live.writes.write({ actorUserId: null, action: 'test', target: 'order:test' }, (trx, emit) =>
      t.app.live.messages.notifyCompany(trx, company.id, drafts, (e) => {
        announced.push(e);
        emit(e);
      }),
    );
    const stored = await db
      .selectFrom('messages')
      .select(['id', 'user_id', 'params_json'])
      .where('id', '>', Number(from))
      .orderBy('id')
      .execute();
    expect(stored).toHaveLength(700 * users.length);
    expect(announced).toHaveLength(stored.length);
    for (const e of announced) {
      const row = stored.find((m) => String(m.id) === e.key)!;
      const { message } = e.data as { message: { params: { orderNo: string }; userId: number } };
      // The event tells of the row it announces, and carries the request of its own message.
      expect(JSON.parse(row.params_json)).toEqual(message.params);
      expect(e.userIds).toEqual([row.user_id]);
      expect(e.requestId).toBe(`req-${message.params.orderNo.slice('ORD-M'.length)}`);
      expect(message).not.toHaveProperty('requestId');
    }
  });

  it('writes no message when the write rolls back', async () => {
    const before = await t.database.db.selectFrom('messages').select('id').execute();
    await expect(
      t.app.live.writes.write({ actorUserId: null, action: 'test', target: 'order:x' }, async (trx, emit) => {
        await t.app.live.messages.notifyCompany(trx, ids.supplier01!.companyId, orderPlaced('ORD-X'), emit);
        throw new Error('refused later in the same rule');
      }),
    ).rejects.toThrow();
    expect(await t.database.db.selectFrom('messages').select('id').execute()).toHaveLength(before.length);
  });

  it('asks for a session and the permission before any call, the stream included', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/omc/api/message/unreadCount', payload: {} })).statusCode).toBe(401);
    const stream = await openSse(`${base}/omc/api/message/stream`);
    expect(stream.status).toBe(401);
    await stream.ended;
    expect(JSON.parse(stream.body())).toMatchObject({ data: null });
    // The operator has no message centre.
    const admin = await login(t.app, 'admin', 'Admin@2026');
    const forbidden = await openSse(`${base}/omc/api/message/stream`, { token: admin.token });
    expect(forbidden.status).toBe(403);
    forbidden.close();
  });
});

describe('message stream', () => {
  it('sends headers at once, then the user’s messages and the company’s changes, and nothing of others', async () => {
    const supplier = await login(t.app, 'supplier01', 'Supplier@2026');
    const stream = await openSse(`${base}/omc/api/message/stream`, headersOf(supplier, 'en-US'));
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      expect(stream.headers['cache-control']).toContain('no-cache');
      await stream.nextComment(1);

      // Another company's message and change never reach this stream; they go first so that
      // arriving after them proves they were skipped, not late.
      await tellCompany(ids.buyer02!.companyId, orderPlaced('ORD-OTHER'));
      t.app.live.events.publish({ topic: 'order', key: 'ORD-OTHER', action: 'confirmed', companyIds: [ids.buyer02!.companyId] });
      await tellCompany(ids.supplier01!.companyId, orderPlaced('ORD-S1'));
      const message = await stream.next((e) => e.event === 'message');
      const data = JSON.parse(message.data) as Message;
      expect(data).toMatchObject({ kind: 'order.placed', title: 'New order', read: false, link: { route: '/trade/sales' } });
      expect(data.text).toContain('ORD-S1');
      expect(message.id).toBe(data.id);

      t.app.live.events.publish({
        topic: 'order',
        key: 'ORD-S1',
        action: 'paid',
        companyIds: [ids.buyer01!.companyId, ids.supplier01!.companyId],
        data: { secret: 'not for the browser' },
      });
      const change = await stream.next((e) => e.event === 'change');
      expect(change.id).toBeUndefined();
      expect(JSON.parse(change.data)).toEqual({ topic: 'order', key: 'ORD-S1', action: 'paid' });
      expect(stream.events.map((e) => e.data).join('')).not.toContain('ORD-OTHER');
    } finally {
      stream.close();
    }
    // The server lets go of a stream the browser closed.
    await expect.poll(() => t.app.live.streams.count()).toBe(0);
  });

  it('resumes after Last-Event-ID with every message missed, in order, then continues live', async () => {
    const supplier = await login(t.app, 'supplier01', 'Supplier@2026');
    const first = await openSse(`${base}/omc/api/message/stream`, headersOf(supplier));
    await tellCompany(ids.supplier01!.companyId, orderPlaced('ORD-L1'));
    const seen = await first.next((e) => e.event === 'message' && e.data.includes('ORD-L1'));
    first.close();

    // Missed while disconnected.
    for (const orderNo of ['ORD-M1', 'ORD-M2', 'ORD-M3']) await tellCompany(ids.supplier01!.companyId, orderPlaced(orderNo));

    const resumed = await openSse(`${base}/omc/api/message/stream`, { ...headersOf(supplier), 'last-event-id': seen.id! });
    try {
      await resumed.next((e) => e.data.includes('ORD-M3'));
      await tellCompany(ids.supplier01!.companyId, orderPlaced('ORD-M4'));
      await resumed.next((e) => e.data.includes('ORD-M4'));
      const messages = resumed.events.filter((e) => e.event === 'message');
      expect(messages.map((e) => (JSON.parse(e.data) as Message).text.match(/ORD-\w+/)![0])).toEqual([
        'ORD-M1',
        'ORD-M2',
        'ORD-M3',
        'ORD-M4',
      ]);
      const idsInOrder = messages.map((e) => Number(e.id));
      expect([...idsInOrder].sort((a, b) => a - b)).toEqual(idsInOrder);
      expect(idsInOrder[0]).toBeGreaterThan(Number(seen.id));
    } finally {
      resumed.close();
    }
  });

  it('sends a heartbeat and ends when the session is logged out', async () => {
    const supplier = await login(t.app, 'supplier01', 'Supplier@2026');
    const stream = await openSse(`${base}/omc/api/message/stream`, headersOf(supplier));
    await stream.nextComment(2, 3000);
    expect(stream.comments).toContain('heartbeat');
    await t.app.inject({ method: 'GET', url: '/omc/api/user/logout', headers: { token: supplier.token } });
    await endsWithin(stream.ended, 3000);
  });

  it('ends when an operator kicks the user out, and when the screen is locked', async () => {
    const buyer = await login(t.app, 'buyer01', 'Buyer@2026');
    const kicked = await openSse(`${base}/omc/api/message/stream`, headersOf(buyer));
    expect(kicked.status).toBe(200);
    const admin = await login(t.app, 'admin', 'Admin@2026');
    const kick = await t.app.inject({
      method: sessionActions.kickout.method,
      url: sessionActions.kickout.path,
      headers: { token: admin.token },
      payload: { account: 'buyer01' },
    });
    expect(envelope(kick).data).toEqual({ count: 1 });
    await endsWithin(kicked.ended, 3000);

    const again = await login(t.app, 'buyer01', 'Buyer@2026');
    const locked = await openSse(`${base}/omc/api/message/stream`, headersOf(again));
    expect(locked.status).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/omc/api/user/lock', headers: { token: again.token } })).statusCode).toBe(200);
    await endsWithin(locked.ended, 3000);
    // While locked, a new stream is refused like every other call.
    const refused = await openSse(`${base}/omc/api/message/stream`, headersOf(again));
    expect(refused.status).not.toBe(200);
    refused.close();
  });
});
