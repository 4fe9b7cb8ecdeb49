import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyProfile } from '@portal/contracts/admin-company';
import type { SitePages } from '@portal/contracts/admin-content';
import { initI18n } from '../../i18n/index';
import { answerRequests, buttonIn, fieldError, fieldInput, renderBackOffice, type SeenRequest } from '../../test/back-office-harness';
import { CompanyProfilePage } from './company-pages';
import { SitePagesPage } from './site-pages-page';

beforeAll(async () => {
  await initI18n('zh-CN', ['admin', 'resource', 'common']);
});
afterEach(cleanup);

const SITE = '/omc/api/admin/site-pages';
const pages = (siteName = '晋煤大宗交易平台'): SitePages => ({
  aboutUs: { html: '<p>平台介绍</p>', logoImageUrl: '' },
  footer: { html: '<p>页脚</p>' },
  pageConfig: {
    siteName,
    menuLogo: '',
    copyright: '© 2026 晋煤集团',
    icp: '',
    servicePhone: '400-800-1234',
    serviceEmail: '',
  },
});
const posted = (seen: SeenRequest[], path: string) => seen.filter((r) => r.path === path).map((r) => r.body);
const form = (name: string) => document.querySelector<HTMLFormElement>(`form#${name}`)!;

async function openSiteConfig(
  permissions: Record<string, boolean>,
  save?: (body: Record<string, unknown>) => ReturnType<Parameters<typeof answerRequests>[0]>,
) {
  const seen = answerRequests((request) => {
    if (request.path === `${SITE}/get`) return { data: pages() };
    if (request.path === `${SITE}/page-config`) return save?.(request.body as Record<string, unknown>);
    return undefined;
  });
  renderBackOffice(<SitePagesPage />, { permissions });
  fireEvent.click(await screen.findByRole('tab', { name: '站点设置' }));
  await waitFor(() => expect(fieldInput('站点名称', form('site-pageConfig')).value).toBe('晋煤大宗交易平台'));
  return { seen, config: form('site-pageConfig') };
}

describe('content · site pages', { timeout: 120_000 }, () => {
  it('fills each tab from the saved pages', async () => {
    const { config } = await openSiteConfig({ 'content:view': true, 'content:edit': true });
    expect(fieldInput('版权信息', config).value).toBe('© 2026 晋煤集团');
    expect(fieldInput('客服电话', config).value).toBe('400-800-1234');
    expect(within(config).getByText('门户与用户中心顶栏显示的标志')).toBeTruthy();
  });

  it('requires a site name and refuses a malformed phone and e-mail, naming each field', async () => {
    const { seen, config } = await openSiteConfig({ 'content:view': true, 'content:edit': true });
    fireEvent.change(fieldInput('站点名称', config), { target: { value: '' } });
    fireEvent.change(fieldInput('客服电话', config), { target: { value: '热线 400' } });
    fireEvent.change(fieldInput('客服邮箱', config), { target: { value: 'service@' } });
    fireEvent.click(buttonIn(config, '保存'));
    await waitFor(() => expect(fieldError('站点名称', config)).toBe('不能为空'));
    await waitFor(() => expect(fieldError('客服电话', config)).toBe('格式不正确'));
    expect(fieldError('客服邮箱', config)).toBe('格式不正确');
    expect(fieldError('版权信息', config)).toBe('');
    expect(posted(seen, `${SITE}/page-config`)).toHaveLength(0);
  });

  it('saves the page config, leaving empty fields out, and shows what the server kept', async () => {
    const { seen, config } = await openSiteConfig({ 'content:view': true, 'content:edit': true }, () => ({ data: pages('晋煤交易') }));
    fireEvent.change(fieldInput('站点名称', config), { target: { value: '晋煤交易' } });
    fireEvent.change(fieldInput('备案号', config), { target: { value: '晋ICP备1号' } });
    fireEvent.click(buttonIn(config, '保存'));
    await waitFor(() => expect(posted(seen, `${SITE}/page-config`)).toHaveLength(1));
    expect(posted(seen, `${SITE}/page-config`)[0]).toEqual({
      siteName: '晋煤交易',
      copyright: '© 2026 晋煤集团',
      icp: '晋ICP备1号',
      servicePhone: '400-800-1234',
    });
    expect(await screen.findByText('保存成功')).toBeTruthy();
    // The answer replaces the loaded pages: no second read.
    expect(seen.filter((r) => r.path === `${SITE}/get`)).toHaveLength(1);
  });

  it('shows a refusal about one field under that field', async () => {
    const { config } = await openSiteConfig({ 'content:view': true, 'content:edit': true }, () => ({
      error: { code: '100001', message: '站点名称含有不允许的字符', status: 400, data: { field: 'siteName' } },
    }));
    fireEvent.click(buttonIn(config, '保存'));
    await waitFor(() => expect(fieldError('站点名称', config)).toBe('站点名称含有不允许的字符'));
  });

  it('shows a refusal without a field as a toast', async () => {
    const { config } = await openSiteConfig({ 'content:view': true, 'content:edit': true }, () => ({
      error: { code: '100403', message: '无权修改站点设置', status: 403 },
    }));
    fireEvent.click(buttonIn(config, '保存'));
    expect(await screen.findByText('无权修改站点设置')).toBeTruthy();
  });

  it('is read-only for someone who may only look', async () => {
    const { config } = await openSiteConfig({ 'content:view': true });
    expect(fieldInput('站点名称', config).disabled).toBe(true);
    expect(within(config).queryByRole('button', { name: /保\s*存/ })).toBeNull();
  });

  it('shows a failed read with a retry', async () => {
    let fail = true;
    answerRequests((request) =>
      request.path === `${SITE}/get`
        ? fail
          ? { error: { code: '100500', message: '读取失败', status: 500 } }
          : { data: pages() }
        : undefined,
    );
    renderBackOffice(<SitePagesPage />, { permissions: { 'content:view': true } });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('读取失败');
    fail = false;
    fireEvent.click(buttonIn(alert, '重试'));
    expect(await screen.findByRole('tab', { name: '站点设置' })).toBeTruthy();
  });
});

describe('company centre · company profile', { timeout: 120_000 }, () => {
  const GET = '/omc/api/company/profile/get';
  const SAVE = '/omc/api/company/profile/save';
  const profile: CompanyProfile = {
    id: '31',
    name: '内蒙古伊泰煤炭股份有限公司',
    creditCode: '91150000701464390X',
    legalPerson: '张东海',
    address: '内蒙古鄂尔多斯市',
    contactName: '李四',
    contactPhone: '0477-8565555',
    email: '',
    mainBusiness: '动力煤',
    introduction: '',
    logoUrl: '',
  } as CompanyProfile;

  function serve(save: (body: unknown) => ReturnType<Parameters<typeof answerRequests>[0]> = () => ({ data: profile })) {
    return answerRequests((request) => {
      if (request.path === GET) return { data: profile };
      if (request.path === SAVE) return save(request.body);
      return undefined;
    });
  }

  async function show() {
    renderBackOffice(<CompanyProfilePage />, { permissions: { 'company:edit': true } });
    await waitFor(() => expect(fieldInput('企业名称', form('company-profile')).value).toBe('内蒙古伊泰煤炭股份有限公司'));
    return form('company-profile');
  }

  it('shows the own company as saved', async () => {
    serve();
    const profileForm = await show();
    expect(fieldInput('统一社会信用代码', profileForm).value).toBe('91150000701464390X');
    expect(within(profileForm).getByText('18 位，数字或大写字母')).toBeTruthy();
    expect(fieldInput<HTMLTextAreaElement>('主营业务', profileForm).value).toBe('动力煤');
  });

  it('refuses a blank name and a malformed credit code before sending', async () => {
    const seen = serve();
    const profileForm = await show();
    fireEvent.change(fieldInput('企业名称', profileForm), { target: { value: '' } });
    fireEvent.change(fieldInput('统一社会信用代码', profileForm), { target: { value: '9115abc' } });
    fireEvent.click(buttonIn(profileForm, '保存资料'));
    await waitFor(() => expect(fieldError('企业名称', profileForm)).toBe('不能为空'));
    await waitFor(() => expect(fieldError('统一社会信用代码', profileForm)).toBe('格式不正确'));
    expect(seen.some((r) => r.path === SAVE)).toBe(false);
  });

  it('saves the edited profile with the company id', async () => {
    const seen = serve((body) => ({ data: { ...profile, ...(body as object) } }));
    const profileForm = await show();
    fireEvent.change(fieldInput('联系人', profileForm), { target: { value: '王五' } });
    fireEvent.change(fieldInput<HTMLTextAreaElement>('企业简介', profileForm), { target: { value: '国内大型煤炭企业' } });
    fireEvent.click(buttonIn(profileForm, '保存资料'));
    await waitFor(() => expect(seen.some((r) => r.path === SAVE)).toBe(true));
    expect(seen.find((r) => r.path === SAVE)!.body).toEqual({
      id: '31',
      name: '内蒙古伊泰煤炭股份有限公司',
      creditCode: '91150000701464390X',
      legalPerson: '张东海',
      address: '内蒙古鄂尔多斯市',
      contactName: '王五',
      contactPhone: '0477-8565555',
      mainBusiness: '动力煤',
      introduction: '国内大型煤炭企业',
    });
    expect(await screen.findByText('保存成功')).toBeTruthy();
  });

  it('puts a refusal that names a field under it', async () => {
    serve(() => ({ error: { code: '100001', message: '该信用代码已被其他企业使用', status: 400, data: { field: 'creditCode' } } }));
    const profileForm = await show();
    fireEvent.click(buttonIn(profileForm, '保存资料'));
    await waitFor(() => expect(fieldError('统一社会信用代码', profileForm)).toBe('该信用代码已被其他企业使用'));
  });
});
