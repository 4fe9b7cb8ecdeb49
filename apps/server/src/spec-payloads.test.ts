import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENUM_CLASS_NAMES } from '@portal/contracts/trade-constants';
import { createTestApp, envelope, login, type TestApp } from './test/test-app';

/**
 * Every call of account-and-shell.md and trading-portal.md, sent with the payload exactly as the
 * specifications list it (their field names, both spellings where they give two), as a client
 * written from the specifications would. None may be refused as malformed; each is answered as
 * its call answers (return_code 0). Picture codes use CAPTCHA_TEST_CODE, SMS codes the outbox.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    CODES_PER_IP_PER_MINUTE: '1000',
    LOGIN_PER_IP_PER_MINUTE: '1000',
    SMS_PER_IP_DAY: '1000',
    THIRD_PARTY_AUTH_URL: 'https://sso.example.com/authorize',
  });
});
afterAll(async () => {
  await t.close();
});

type Call = { token?: string; query?: Record<string, string> };
async function post(url: string, payload: unknown, call: Call = {}) {
  return t.app.inject({
    method: 'POST',
    url: withQuery(url, call.query),
    headers: call.token ? { token: call.token } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}
async function get(url: string, call: Call = {}) {
  return t.app.inject({ method: 'GET', url: withQuery(url, call.query), headers: call.token ? { token: call.token } : {} });
}
const withQuery = (url: string, query?: Record<string, string>) => (query ? `${url}?${new URLSearchParams(query).toString()}` : url);

/** Accepted: not refused as malformed, and answered as the call answers. */
function accepted(res: LightMyRequestResponse): unknown {
  const body = envelope(res);
  expect(body.error_info).toBe('');
  expect(res.statusCode).toBe(200);
  expect(body.return_code).toBe('0');
  return body.data;
}

const pictureCode = async () => (envelope(await post('/gateway/getCheckCode', undefined)).data as { cc: string }).cc;
const smsCode = async (mobile: string) => {
  const sent = envelope(await get('/dev/sms-outbox', { query: { mobile } })).data as { code: string }[];
  return sent[0]!.code;
};
const signIn = async (account: string, password: string) => {
  const { body, token } = await login(t.app, account, password);
  expect(body.error_no).toBe('0');
  return { token, tn: (body.data as { tn: string }).tn };
};

describe('account and shell calls: the documented payloads, verbatim', () => {
  it('picture codes, the login form settings, tenants and the security key take no payload', async () => {
    expect(accepted(await post('/gateway/getCheckCode', undefined))).toHaveProperty('cc');
    expect(accepted(await get('/gateway/getCheckCode'))).toHaveProperty('img');
    expect(typeof accepted(await get('/gateway/loginHasValidateCode'))).toBe('boolean');
    expect(Array.isArray(accepted(await get('/gateway/getTenantList')))).toBe(true);
    expect(accepted(await post('/omc/getSecurityKey', undefined))).toHaveProperty('key1');
  });

  it('getVerifyCode and submitLogin in mode (a): account, verify_code, verify_code_token, terminal_type', async () => {
    const verify = accepted(
      await post('/gateway/getVerifyCode', {
        mobile: '13800000001',
        check_code: 'ABCD',
        req_session_id: await pictureCode(),
        terminalType: 'pc',
      }),
    ) as { checkCodeToken: string };
    const res = await post('/omc/submitLogin', {
      account: '13800000001',
      verify_code: await smsCode('13800000001'),
      verify_code_token: verify.checkCodeToken,
      terminal_type: 'pc',
    });
    expect(accepted(res)).toHaveProperty('utoken');
  });

  it('submitLogin in mode (b): account, check_code, req_code_session_id, password, login_ip defaulting to {ip}', async () => {
    const res = await post('/omc/submitLogin', {
      account: 'buyer01',
      check_code: 'ABCD',
      req_code_session_id: await pictureCode(),
      password: 'Buyer@2026',
      login_ip: '{ip}',
    });
    expect(accepted(res)).toHaveProperty('optAuths');
  });

  it('getCurrUser, getUserPermissions with its time parameter (the double-slash path), logout with tn', async () => {
    const { token, tn } = await signIn('buyer01', 'Buyer@2026');
    expect(accepted(await get('/omc/api/user/getCurrUser', { token }))).toMatchObject({
      currUserId: expect.any(String),
      nickName: '华北化工采购',
      lastLoginDateTime: expect.any(String),
      user_agent_name: '华北化工采购',
      last_login_date_time: expect.any(String),
    });
    expect(typeof accepted(await get('/omc/api/user//getUserPermissions', { token, query: { time: String(Date.now()) } }))).toBe('object');
    accepted(await get('/omc/api/user/logout', { token, query: { tn } }));
  });

  it('is_account_existed (user_account) and get_mobile_by_account (userAccount)', async () => {
    expect(accepted(await post('/omc/v/api/member/reg/is_account_existed', { user_account: 'buyer01' }))).toBe(true);
    expect(accepted(await post('/omc/v/api/member/reg/get_mobile_by_account', { userAccount: 'buyer01' }))).toBe('138****0001');
  });

  it.each<[string, string, string, Record<string, string>]>([
    [
      'both spellings of each field',
      'specboth',
      '13912340001',
      { user_name: 'specboth', user_account: 'specboth', enterprise_name: '规格甲公司', company_name: '规格甲公司' },
    ],
    ['user_name and enterprise_name', 'specname', '13912340002', { user_name: 'specname', enterprise_name: '规格乙公司' }],
    ['user_account and company_name', 'specacct', '13912340003', { user_account: 'specacct', company_name: '规格丙公司' }],
  ])('send_reg_code, then quick_reg with %s, user_pwd and terminalType pc, without agreed', async (_label, account, mobile, names) => {
    accepted(
      await post('/omc/api/member/reg/send_reg_code', {
        mobile,
        req_session_id: await pictureCode(),
        check_code: 'ABCD',
        user_account: account,
      }),
    );
    const res = await post('/omc/api/member/reg/quick_reg', {
      ...names,
      mobile,
      sms_code: await smsCode(mobile),
      user_pwd: 'Spec@2026',
      terminalType: 'pc',
    });
    accepted(res);
    await signIn(account, 'Spec@2026');
  });

  it('send_forget_sms_code (the same fields) and forget_reset_pwd (user_name, mobile, sms_code, new_pwd)', async () => {
    accepted(
      await post('/omc/api/member/reg/send_forget_sms_code', {
        mobile: '138****0003',
        req_session_id: await pictureCode(),
        check_code: 'ABCD',
        user_account: 'newcomer',
      }),
    );
    const mobile = (await t.database.db.selectFrom('users').select('mobile').where('account', '=', 'newcomer').executeTakeFirstOrThrow())
      .mobile!;
    accepted(
      await post('/omc/api/member/reg/forget_reset_pwd', {
        user_name: 'newcomer',
        mobile: '138****0003',
        sms_code: await smsCode(mobile),
        new_pwd: 'Reset#2026',
      }),
    );
    await signIn('newcomer', 'Reset#2026');
  });

  it('modify_mobile_send (chkcode_req_id, chkcode, mobile) and modify_mobile (password, sms_code, mobile)', async () => {
    const { token } = await signIn('supplier01', 'Supplier@2026');
    accepted(
      await post(
        '/omc/api/user/modify_mobile_send',
        { chkcode_req_id: await pictureCode(), chkcode: 'ABCD', mobile: '13912349999' },
        { token },
      ),
    );
    accepted(
      await post(
        '/omc/api/user/modify_mobile',
        { password: 'Supplier@2026', sms_code: await smsCode('13912349999'), mobile: '13912349999' },
        { token },
      ),
    );
  });

  it('modifyCurrUserInfo with the personal-info fields (userId, name, realName, mobilePhone, email, jobNo, position)', async () => {
    const { token } = await signIn('buyer01', 'Buyer@2026');
    const me = accepted(await get('/omc/api/user/getCurrUser', { token })) as { userId: string; mobilePhone: string };
    accepted(
      await post(
        '/omc/api/user/modifyCurrUserInfo',
        {
          userId: me.userId,
          name: '华北采购',
          realName: '李明',
          mobilePhone: me.mobilePhone,
          email: 'li.ming@example.com',
          jobNo: 'E1001',
          position: '采购经理',
        },
        { token },
      ),
    );
  });

  it('insertUserMenuFavorite and deleteByMenuCodeAndUserId (menuCode)', async () => {
    const { token } = await signIn('admin', 'Admin@2026');
    type Node = { id: string; url: string; children: Node[] };
    const leaves = (nodes: Node[]): Node[] => nodes.flatMap((n) => (n.children.length ? leaves(n.children) : [n]));
    const menuCode = leaves(accepted(await get('/omc/api/user/get_menu_list', { token })) as Node[])[0]!.id;
    accepted(await post('/omc/insertUserMenuFavorite', { menuCode }, { token }));
    accepted(await post('/omc/deleteByMenuCodeAndUserId', { menuCode }, { token }));
  });

  it('auths_url (redirectUrl, identityType, terminalType) and kickout (key)', async () => {
    expect(
      accepted(await post('/omc/api/third_auths/auths_url', { redirectUrl: '/mainIndex', identityType: 'wechat', terminalType: 'pc' })),
    ).toMatch(/^https:\/\/sso\.example\.com\//);
    const { token } = await signIn('admin', 'Admin@2026');
    accepted(await post('/omc/kickout', { key: 'supplier01' }, { token }));
  });

  it("resetPwd: pwd, resetedPwd, pwdType 'password', tn", async () => {
    const { token, tn } = await signIn('supplier01', 'Supplier@2026');
    accepted(
      await post('/omc/api/user/resetPwd', { pwd: 'Supplier@2026', resetedPwd: 'Changed#2026', pwdType: 'password', tn }, { token }),
    );
    await signIn('supplier01', 'Changed#2026');
  });

  it('the CMS calls: news types, page config, news search, and news get by news_id', async () => {
    const types = (accepted(await post('/cms/api/portal/cms/get_newstype_by_page', undefined)) as { rows: { dictValue: string }[] }).rows;
    accepted(await get('/cms/api/portal/cms/sys/get_system_page_config'));
    const page = accepted(
      await post('/cms/api/portal/cms/content/news/search', { page_no: 1, page_size: 10, artical_sub_type: types[0]!.dictValue }),
    ) as { rows: { id: string }[] };
    expect(accepted(await get('/cms/api/portal/cms/content/news/get', { query: { news_id: page.rows[0]!.id } }))).toHaveProperty(
      'articleText',
    );
  });
});

describe('trading portal calls: the documented payloads, verbatim', () => {
  it('checkDefaultPwd and get_menu_list take none', async () => {
    const { token } = await signIn('buyer01', 'Buyer@2026');
    accepted(await get('/omc/api/user/checkDefaultPwd', { token }));
    expect(Array.isArray(accepted(await get('/omc/api/user/get_menu_list', { token })))).toBe(true);
  });

  it('footer, banners by ad_position_code web_index, about-us and friend links', async () => {
    accepted(await get('/cms/api/portal/cms/content/page/footer/get'));
    expect(accepted(await post('/cms/api/portal/cms/site/query_by_site_position_code', { ad_position_code: 'web_index' }))).not.toEqual([]);
    accepted(await post('/cms/api/portal/cms/content/about_us/get', undefined));
    accepted(await post('/cms/api/portal/cms/content/friend_link/query', undefined));
  });

  it.each([
    ['NEWS', 3],
    ['NEWS', 10],
    ['helpCenter', 99],
  ])('the article list: page_no, page_size and artical_sub_type %s (%i a page); the detail by id', async (type, size) => {
    const page = accepted(
      await post('/cms/api/portal/cms/content/news/search', { page_no: 1, page_size: size, artical_sub_type: type }),
    ) as {
      rows: { id: string }[];
    };
    expect(page.rows.length).toBeGreaterThan(0);
    expect(accepted(await get('/cms/api/portal/cms/content/news/get', { query: { id: page.rows[0]!.id } }))).toHaveProperty('articleName');
  });

  it('price indices and enterprises take none; an enterprise by id', async () => {
    accepted(await get('/cms/admin/content/price_index/getPriceIndexList'));
    const page = accepted(await get('/cms/admin/content/enterprise_info/getEnterpriseInfoList')) as { rows?: { id: string }[] };
    const first = (page.rows ?? (page as unknown as { items: { id: string }[] }).items)[0]!;
    expect(accepted(await post('/cms/admin/content/enterprise_info/get', { id: first.id }))).toHaveProperty('enterpriseName');
  });

  it('biddingPageForCommon and biddingPage (pageNo, pageSize); checkRelation (buyerUserId, currUserNo)', async () => {
    const tenders = accepted(await post('/purchase/ws/tender/biddingPageForCommon', { pageNo: 1, pageSize: 5 })) as {
      items: { userId: string }[];
    };
    const { token } = await signIn('supplier01', 'Changed#2026');
    accepted(await post('/purchase/ws/tender/biddingPage', { pageNo: 1, pageSize: 5 }, { token }));
    const me = accepted(await get('/omc/api/user/getCurrUser', { token })) as { currUserId: string };
    const relation = accepted(
      await post(
        '/purchase/ws/purCustomerRelation/checkRelation',
        { buyerUserId: tenders.items[0]!.userId, currUserNo: me.currUserId },
        { token },
      ),
    );
    expect(relation).toHaveProperty('flag');
  });

  it('buyerPageNoLogin: pageNo, pageSize, currUserNo, spaceAuctionMode, tradeStatus, timeSort, priceSort', async () => {
    accepted(
      await post('/auction/ws/auctionSpaceInfo/buyerPageNoLogin', {
        pageNo: 1,
        pageSize: 8,
        currUserNo: '',
        spaceAuctionMode: 1,
        tradeStatus: 0,
        timeSort: 'DESC',
        priceSort: '',
      }),
    );
  });

  it('the market, variety, money-type, enum and shop calls of the listing market', async () => {
    expect(accepted(await post('/commtrade/ext/cb/queryMarketListByModeForCms', { objMode: [1, 7], currUserNo: '' }))).not.toEqual([]);
    accepted(await post('/commtrade/ws/variety/portalQueryVarietyTree', undefined));
    accepted(await post('/commtrade/comm/queryListingMoneyTypeList', undefined));
    accepted(await post('/commtrade/comm/queryEnumValues', { className: ENUM_CLASS_NAMES[0] }));
    accepted(await post('/commtrade/ws/shop/getRecommend', undefined));
  });

  it('portalSalePage with every field of the search condition', async () => {
    const page = accepted(
      await post('/listing/ws/listing/portalSalePage', {
        objState: 1,
        minSinglePrice: 0,
        maxSinglePrice: 100_000_000,
        minObjListingNum: 0,
        maxObjListingNum: 1_000_000,
        varietyCode: '',
        userName: '',
        holdBs: 2,
        listingType: 'D',
        marketCode: '',
        sortField: 2,
        sortAsc: 0,
        pageNo: 1,
        pageSize: 8,
        currUserNo: '',
      }),
    );
    expect(page).toHaveProperty('totalItem');
  });

  it('file download with fileId in the query', async () => {
    const banners = accepted(await post('/cms/api/portal/cms/site/query_by_site_position_code', { ad_position_code: 'web_index' })) as {
      adImageUrl: string;
    }[];
    const fileId = new URL(banners[0]!.adImageUrl, 'http://portal').searchParams.get('fileId') ?? '';
    const res = await get('/file/download', { query: { fileId } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\//);
  });
});
