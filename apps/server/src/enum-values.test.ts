import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '@portal/contracts/endpoint';
import { ENUM_CLASS_NAMES, type EnumClassName } from '@portal/contracts/trade-constants';
import { contractEndpoints, enumFields, fieldPaths, type EnumField } from './test/contract-endpoints';
import { createTestApp, envelope } from './test/test-app';
import { manualClock, withTraders, type TradingApp } from './test/trading';

/**
 * Every value queryEnumValues answers is taken by every call that takes its field, as answered
 * ("1") and, for numeric codes, as a number (1). The calls and their enumerated fields are read
 * from the contracts, so a new call is covered the moment it uses an enumerated field.
 */
const endpoints = await contractEndpoints();
type Path = EnumField['path'];
const nameOf = (e: Endpoint) => `${e.method} ${e.path}`;

/** Field names that hold an enumeration wherever they appear; each must be built by enumField. */
const ENUMERATED_NAMES = [
  'holdBs',
  'listingType',
  'transportWay',
  'paymentType',
  'spaceAuctionMode',
  'tradeStatus',
  'spaceStatus',
  'objState',
];

const takers = endpoints.flatMap((endpoint) =>
  (['body', 'query'] as const).flatMap((where) => {
    const schema = endpoint[where];
    return schema ? enumFields(schema).map((field) => ({ endpoint, where, ...field })) : [];
  }),
);

let a: TradingApp;
const values = new Map<EnumClassName, string[]>();
/** A signed-in user holding each permission. */
const tokenFor = new Map<string, string>();

beforeAll(async () => {
  const clock = manualClock('2027-06-01T08:00:00.000Z');
  const t = await createTestApp({ TENDER_SEAL_KEY: randomBytes(32).toString('base64') }, { now: clock.now });
  a = await withTraders(t, ['admin', 'supplier01', 'buyer01']);
  for (const className of ENUM_CLASS_NAMES) {
    const answer = await a.app.inject({ method: 'POST', url: '/commtrade/comm/queryEnumValues', payload: { className } });
    values.set(
      className,
      (envelope(answer).data as { value: string }[]).map((v) => v.value),
    );
  }
  for (const who of ['admin', 'supplier01', 'buyer01'] as const) {
    const res = await a.app.inject({ method: 'GET', url: '/omc/api/user/getUserPermissions', headers: { token: a.tokens[who] } });
    for (const [code, granted] of Object.entries(envelope(res).data as Record<string, boolean>))
      if (granted) tokenFor.set(code, a.tokens[who]);
  }
});
afterAll(async () => {
  await a.close();
});

/** Complete bodies for the calls that need more than the enumerated field (an example of each, valid for every value). */
function exampleBody(endpoint: Endpoint): Record<string, unknown> {
  switch (endpoint.path) {
    case '/listing/ws/listing/save': {
      const { currency: _theMarkets, ...terms } = a.draftTerms();
      return terms;
    }
    case '/auction/ws/auctionSpaceInfo/save':
      return {
        spaceName: '动力煤竞拍专场',
        name: '煤炭 / 动力煤',
        spaceAuctionMode: 1,
        auctionBeginTime: '2027-06-01T09:00:00.000Z',
        auctionEndTime: '2027-06-01T10:00:00.000Z',
        priceStep: 1_000,
        deposit: 0,
        itemList: [
          {
            pieceName: '动力煤 第1标',
            varietyCode: a.leaf.code,
            totalWeight: 1000,
            basePrice: 60_000,
            minBidNum: 10,
            bidStepNum: 10,
            paymentType: 2,
            transportWay: 'A',
            deliveryPlace: '山西太原',
          },
        ],
      };
    case '/purchase/ws/tender/save':
      return {
        tenderName: '电煤采购招标',
        tenderType: 'bidding',
        paymentType: 2,
        bidBeginTime: '2027-06-02T08:00:00.000Z',
        bidEndTime: '2027-06-03T08:00:00.000Z',
        evaluationMethod: 'lowest',
        minValidBids: 1,
        deposit: 0,
        documentFileIds: [],
        lines: [{ goodsName: '动力煤', specification: '', quantity: 100, unit: '吨', deliveryPlace: '河北', deliveryDate: '2027-08-01' }],
      };
    default:
      return {};
  }
}

/** A copy of `body` with `value` at `path` (array items as index 0). */
function withValue(body: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (typeof head === 'number') {
    const items = Array.isArray(body) && body.length > 0 ? body : [{}];
    return items.map((item, index) => (index === head ? withValue(item, rest, value) : item));
  }
  const object = (body ?? {}) as Record<string, unknown>;
  return { ...object, [head!]: withValue(object[head!], rest, value) };
}

/** The value at `path` (array items as index 0). */
function readAt(data: unknown, path: Path): unknown {
  return path.reduce<unknown>((at, key) => (at as Record<string | number, unknown> | undefined)?.[key], data);
}

/** Each value as answered, and as a number when it is one. */
const wireForms = (value: string): (string | number)[] => (/^\d+$/.test(value) ? [value, Number(value)] : [value]);

describe(`enumerated fields take every value queryEnumValues answers (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('finds the calls that take each enumeration, the spec’s examples among them', () => {
    const found = new Set(takers.map((t) => `${nameOf(t.endpoint)} ${t.path.join('.')} ${t.enumClass}`));
    for (const expected of [
      'POST /auction/ws/auctionSpaceInfo/save spaceAuctionMode AuctionMode',
      'POST /auction/ws/auctionSpaceInfo/save itemList.0.paymentType PaymentType',
      'POST /listing/ws/listing/save holdBs HoldBs',
      'POST /auction/ws/auctionSpaceInfo/buyerPageNoLogin spaceStatus SpaceStatus',
      'POST /commtrade/ws/order/adminPage state OrderState',
      'POST /purchase/ws/tender/biddingPageForCommon objState TenderState',
    ]) {
      expect(found).toContain(expected);
    }
    expect(new Set(takers.map((t) => t.enumClass))).toEqual(new Set(ENUM_CLASS_NAMES));
  });

  it('builds every field named like an enumeration with the one enumerated-field rule', () => {
    const plain = endpoints.flatMap((endpoint) =>
      (['body', 'query'] as const).flatMap((where) => {
        const schema = endpoint[where];
        if (!schema) return [];
        const enumerated = new Set(enumFields(schema).map((f) => f.path.join('.')));
        return fieldPaths(schema)
          .filter((path) => ENUMERATED_NAMES.includes(String(path[path.length - 1])) && !enumerated.has(path.join('.')))
          .map((path) => `${nameOf(endpoint)} ${path.join('.')}`);
      }),
    );
    expect(plain).toEqual([]);
  });

  it('takes each value in both forms in the contract of every call that takes the field', () => {
    const refused: string[] = [];
    for (const { endpoint, where, path, enumClass } of takers) {
      for (const value of values.get(enumClass)!) {
        for (const form of wireForms(value)) {
          const parsed = endpoint[where]!.safeParse(withValue(exampleBody(endpoint), path, form));
          const onField = parsed.success ? [] : parsed.error.issues.filter((i) => i.path.join('.') === path.join('.'));
          if (onField.length > 0) refused.push(`${nameOf(endpoint)} ${path.join('.')}=${JSON.stringify(form)}`);
          // The service gets the code as the enumeration declares it, whichever form was sent.
          if (parsed.success) expect(readAt(parsed.data, path)).toBe(/^\d+$/.test(value) ? Number(value) : value);
        }
      }
    }
    expect(refused).toEqual([]);
  });

  it('answers each value in both forms from every call that takes the field', async () => {
    const refused: string[] = [];
    for (const { endpoint, where, path, enumClass } of takers) {
      const token =
        endpoint.access === 'public'
          ? undefined
          : endpoint.access === 'session'
            ? a.tokens.supplier01
            : tokenFor.get(endpoint.access.permission);
      for (const value of values.get(enumClass)!) {
        for (const form of wireForms(value)) {
          const input = withValue(exampleBody(endpoint), path, form) as Record<string, unknown>;
          const res = await a.app.inject({
            method: endpoint.method,
            url: where === 'query' ? `${endpoint.path}?${new URLSearchParams(input as Record<string, string>).toString()}` : endpoint.path,
            headers: token ? { token } : {},
            ...(where === 'body' ? { payload: input } : {}),
          });
          const body = envelope(res);
          if (res.statusCode !== 200 || body.return_code !== '0')
            refused.push(`${nameOf(endpoint)} ${path.join('.')}=${JSON.stringify(form)}: ${res.statusCode} ${body.error_info}`);
        }
      }
    }
    expect(refused).toEqual([]);
  });
});
