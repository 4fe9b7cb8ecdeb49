import { describe, expect, it } from 'vitest';
import { renderMessage } from './messages';
import { formatMoney, formatZonedTime, readerParams, readerZone, referenceWords, unitName, type Reader } from './reader';

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;
const en: Reader = { lang: 'en-US', timeZone: 'Europe/London' };
const tw: Reader = { lang: 'zh-TW', timeZone: 'Asia/Taipei' };
const cn: Reader = { lang: 'zh-CN', timeZone: 'Asia/Shanghai' };

describe('times in the reader’s zone', () => {
  it('shows an instant in the reader’s zone with the zone named, never as ISO', () => {
    expect(formatZonedTime('2026-11-28T04:50:35.627Z', 'Asia/Shanghai')).toBe('2026-11-28 12:50 UTC+8');
    expect(formatZonedTime('2026-11-28T04:50:35.627Z', 'America/New_York')).toBe('2026-11-27 23:50 UTC-5');
    expect(formatZonedTime('2026-07-01T00:00:00.000Z', 'Europe/London')).toBe('2026-07-01 01:00 UTC+1');
    expect(formatZonedTime('2026-11-28T04:50:35.627Z', 'UTC')).toBe('2026-11-28 04:50 UTC+0');
  });

  it('takes a real IANA zone from the cookie and the platform’s zone for anything else', () => {
    expect(readerZone('Europe/Berlin')).toBe('Europe/Berlin');
    expect(readerZone('Not/AZone')).toBe('Asia/Shanghai');
    expect(readerZone(undefined)).toBe('Asia/Shanghai');
    expect(readerZone('x'.repeat(100))).toBe('Asia/Shanghai');
  });
});

describe('money and units as on the screens', () => {
  it('writes integer cents with the currency symbol and grouped digits', () => {
    expect(formatMoney(1_000_000, 'CNY')).toBe('￥10,000.00');
    expect(formatMoney(12_050, 'USD')).toBe('$120.50');
    expect(formatMoney(-5, 'HKD')).toBe('-HK$0.05');
  });

  it('names units in the reader’s language and leaves a user’s own unit as written', () => {
    expect(unitName('吨', 'en-US')).toBe('t');
    expect(unitName('吨', 'zh-TW')).toBe('噸');
    expect(unitName('噸', 'zh-CN')).toBe('吨');
    expect(unitName('托盘X', 'en-US')).toBe('托盘X');
  });

  it('says what a reference is instead of showing the internal key', () => {
    expect(referenceWords('order:20261128000010', 'en-US')).toBe('order 20261128000010');
    expect(referenceWords('auction-registration:3', 'en-US')).toBe('auction registration #3');
    expect(referenceWords('tender-bid:7', 'zh-TW')).toBe('投標 #7');
    expect(referenceWords('中行回单 DEMO-1', 'en-US')).toBe('中行回单 DEMO-1');
  });
});

describe('server messages for their reader', () => {
  it('renders today’s params (codes and values) with no Chinese in English', () => {
    const won = renderMessage(
      'auction.won',
      { spaceName: 'Coal', pieceName: 'Lot A', quantity: 12.5, unit: '吨', amount: 1_000_000, currency: 'CNY' },
      en,
    );
    expect(won.text).toBe('You won lot “Lot A” of the auction “Coal”: 12.500 t at ￥10,000.00.');
    const closed = renderMessage('auction.closed', { spaceName: 'Coal', pieceName: 'Lot A', tradeStatus: 1 }, en);
    expect(closed.text).toBe('Lot “Lot A” of your auction “Coal” has closed: Deal.');
    const registered = renderMessage('auction.registered', { spaceName: 'Coal', aliasNo: 1 }, tw);
    expect(registered.text).toBe('您已報名競價「Coal」，競買代號 競買人 1。');
    const frozen = renderMessage('deposit.frozen', { amount: 20_000, currency: 'CNY', reference: 'auction-registration:3' }, en);
    expect(frozen.text).toBe('￥200.00 of your deposit was frozen (auction registration #3).');
    for (const m of [won, closed, frozen]) expect(m.title + m.text).not.toMatch(CJK);
  });

  it('renders a start time in the reader’s zone, not as ISO', () => {
    const approved = renderMessage('auction.approved', { spaceName: '煤', time: '2026-11-28T04:50:35.627Z' }, cn);
    expect(approved.text).toBe('您的竞价场次“煤”已审核通过，将于 2026-11-28 12:50 UTC+8 开始。');
    expect(renderMessage('auction.approved', { spaceName: 'Coal', time: '2026-11-28T04:50:35.627Z' }, en).text).toBe(
      'Your auction “Coal” was approved; it starts at 2026-11-28 04:50 UTC+0.',
    );
  });

  it('keeps stored rows of older servers readable in the reader’s language', () => {
    // Rows written before messages carried codes: quantity with its unit, outcome, alias and money as text.
    const old = { spaceName: 'Coal', pieceName: 'Lot A', quantity: '12.5 吨', amount: 1_000_000, currency: 'CNY' };
    expect(renderMessage('auction.won', old, en).text).toBe('You won lot “Lot A” of the auction “Coal”: 12.5 t at ￥10,000.00.');
    expect(renderMessage('auction.closed', { spaceName: 'C', pieceName: 'L', outcome: '流拍' }, en).text).toContain('has closed: Unsold.');
    expect(renderMessage('auction.registered', { spaceName: 'C', alias: '竞买人 4' }, en).text).toBe(
      'You registered for the auction “C” as Bidder 4.',
    );
    expect(renderMessage('deposit.released', { amount: '10000.00', currency: 'CNY', reference: 'order:X1' }, en).text).toBe(
      '￥10,000.00 of your deposit was released (order X1).',
    );
    // A bare language still renders (the platform's zone).
    expect(renderMessage('order.deadlineNear', { orderNo: 'X1', deadline: '2026-01-01T00:00:00.000Z' }, 'zh-TW').text).toContain(
      '2026-01-01 08:00 UTC+8',
    );
  });

  it('writes a refusal’s times, money and quantities for the reader (the auction form’s “earliest start”)', () => {
    expect(readerParams({ minutes: 30, earliest: '2026-11-28T04:50:35.627Z' }, cn)).toEqual({
      minutes: 30,
      earliest: '2026-11-28 12:50 UTC+8',
    });
    expect(readerParams({ missing: 250, currency: 'USD' }, en)).toEqual({ missing: '$2.50', currency: 'USD' });
    expect(readerParams({ min: '10 吨', step: '0.5 吨' }, en)).toEqual({ min: '10 t', step: '0.5 t' });
  });

  it('leaves what people wrote alone', () => {
    const params = readerParams({ reason: '质量不合格', party: '山东化工' }, en);
    expect(params).toEqual({ reason: '质量不合格', party: '山东化工' });
  });
});
