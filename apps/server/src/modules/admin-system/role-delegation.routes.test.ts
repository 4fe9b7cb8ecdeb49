import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleActions, rolesResource, usersResource, type PermissionGroup, type RoleRow } from '@portal/contracts/admin';
import type { Endpoint } from '@portal/contracts/endpoint';
import type { ManagedListing } from '@portal/contracts/listing-manage';
import { envelope, signInChangingInitialPassword } from '../../test/test-app';
import { createTradingApp, type TradingApp } from '../../test/trading';
import { SERVER_MODULES } from '../index';

/**
 * Operators delegate: the role editor offers every permission the modules declare, and a role
 * granting one of them lets its users make exactly those calls.
 */
let a: TradingApp;
beforeAll(async () => {
  a = await createTradingApp({ traders: ['admin', 'supplier01'] });
});
afterAll(async () => {
  await a.close();
});

const call = (endpoint: Endpoint, payload: unknown, token: string, lang = 'zh-CN') =>
  a.app.inject({ method: endpoint.method, url: endpoint.path, payload: payload as object, headers: { token, 'accept-language': lang } });
const asAdmin = async <T>(endpoint: Endpoint, payload: unknown, lang = 'zh-CN'): Promise<T> => {
  const res = await call(endpoint, payload, a.tokens.admin, lang);
  const body = envelope(res);
  expect(body.return_code, `${endpoint.path}: ${body.error_info}`).toBe('0');
  return body.data as T;
};
const post = (url: string, payload: unknown, token: string) =>
  a.app.inject({ method: 'POST', url, payload: payload as object, headers: { token } });

describe('the role editor’s permissions', () => {
  it('are every permission the modules declare, by module, titled in the caller’s language', async () => {
    const { groups } = await asAdmin<{ groups: PermissionGroup[] }>(roleActions.permissionOptions, {});
    const declared = SERVER_MODULES.flatMap((m) => (m.permissions ?? []).map((p) => p.code));
    expect(groups.flatMap((g) => g.permissions.map((p) => p.code)).sort()).toEqual([...declared].sort());
    for (const code of [
      'trade:review',
      'trade:auction-review',
      'trade:tender-review',
      'trade:deposit-admin',
      'trade:order-watch',
      'report:listing-states',
    ])
      expect(declared).toContain(code);
    const listings = groups.find((g) => g.key === 'listing-manage')!;
    expect(listings.title).toBe('挂牌');
    expect(listings.permissions).toContainEqual({ code: 'trade:review', title: '挂牌审核、暂停与恢复' });
    const inEnglish = await asAdmin<{ groups: PermissionGroup[] }>(roleActions.permissionOptions, {}, 'en-US');
    expect(inEnglish.groups.find((g) => g.key === 'listing-manage')!.permissions).toContainEqual({
      code: 'trade:review',
      title: 'Review, suspend and reinstate listings',
    });
  });

  it('still refuses a code no module declares, naming the field', async () => {
    const res = await call(
      rolesResource.endpoints.create,
      { code: 'made_up', name: '虚构', permissions: ['trade:everything'] },
      a.tokens.admin,
    );
    expect(res.statusCode).toBe(400);
    expect(envelope(res).data).toEqual({ field: 'permissions', reason: 'invalidValue' });
  });
});

describe('a listing reviewer', () => {
  let reviewer = '';

  it('is a role an operator makes and gives to a user', async () => {
    const role = await asAdmin<RoleRow>(rolesResource.endpoints.create, {
      code: 'listing_reviewer',
      name: '挂牌审核员',
      permissions: ['trade:review'],
      menuIds: ['trading-admin-listing-review'],
    });
    expect(role.permissions).toEqual(['trade:review']);
    await asAdmin(usersResource.endpoints.create, {
      account: 'reviewer01',
      password: 'Review@2026',
      nick_name: '挂牌审核员一号',
      user_type: 'operator',
      roleIds: [role.id],
    });
    reviewer = await signInChangingInitialPassword(a.app, 'reviewer01', 'Review@2026', 'Review#2027');
    expect(reviewer).not.toBe('');
  });

  it('reviews listings', async () => {
    const draft = await a.ok<ManagedListing>('supplier01', '/listing/ws/listing/save', a.draftTerms());
    await a.ok('supplier01', '/listing/ws/listing/submit', { id: draft.id });
    const queue = envelope(await post('/listing/ws/listing/reviewPage', { pageNo: 1, pageSize: 8 }, reviewer));
    expect(queue.return_code).toBe('0');
    expect((queue.data as { items: { id: string }[] }).items.map((l) => l.id)).toContain(draft.id);
    const reviewed = envelope(await post('/listing/ws/listing/review', { id: draft.id, pass: true, reviewRemark: '资料齐全' }, reviewer));
    expect(reviewed.return_code).toBe('0');
    expect((reviewed.data as ManagedListing).objState).toBe(1);
  });

  it('is refused every other operator call', async () => {
    for (const [url, payload] of [
      ['/auction/ws/auctionSpaceInfo/reviewPage', { pageNo: 1, pageSize: 8 }],
      ['/purchase/ws/tender/reviewPage', { pageNo: 1, pageSize: 8 }],
      ['/commtrade/ws/order/adminPage', { pageNo: 1, pageSize: 8 }],
      ['/commtrade/ws/deposit/credit', { companyUserId: String(a.userId.supplier01), currency: 'CNY', amount: 100, reference: 'X-1' }],
      ['/omc/api/admin/listing-states-report/list', { pageNo: 1, pageSize: 10 }],
      ['/omc/api/admin/users/list', { pageNo: 1, pageSize: 10 }],
      ['/omc/api/admin/roles/create', { code: 'self_made', name: '自封', permissions: ['role:edit'] }],
    ] as const) {
      const res = await post(url, payload, reviewer);
      expect(res.statusCode, url).toBe(403);
    }
  });
});
