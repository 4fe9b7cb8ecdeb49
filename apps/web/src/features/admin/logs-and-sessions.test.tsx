import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LoginLogRow, OnlineSessionRow, OperationLogRow } from '@portal/contracts/admin';
import { initI18n } from '../../i18n/index';
import { answerCalls, type RecordedCall } from '../../test/fake-server';
import { buttonIn, confirmPopover, fieldInput, pickOption, renderBackOffice } from '../../test/back-office-harness';
import { LoginLogPage } from './login-log-page';
import { OperationLogPage } from './operation-log-page';
import { SessionsPage } from './sessions-page';

beforeAll(async () => {
  await initI18n('zh-CN', ['admin', 'resource', 'common']);
});
afterEach(cleanup);

const lastBody = (calls: RecordedCall[], path: string) => calls.filter((c) => c.path === path).at(-1)?.body;
const listCalls = (calls: RecordedCall[], path: string) => calls.filter((c) => c.path === path).length;
const rowOf = (text: string) => screen.getByText(text).closest('tr')!;

const session = (id: string, account: string, extra: Partial<OnlineSessionRow> = {}): OnlineSessionRow => ({
  id,
  userId: id,
  account,
  nickName: `${account}-nick`,
  terminal: 'Chrome 131 / Windows',
  ip: '10.0.0.8',
  createdAt: '2026-11-25T01:00:00.000Z',
  lastSeenAt: '2026-11-25T02:00:00.000Z',
  locked: false,
  current: false,
  ...extra,
});

describe('online sessions', { timeout: 120_000 }, () => {
  const LIST = '/omc/api/admin/sessions/list';
  const KICK = '/omc/api/admin/sessions/kickout';

  it('marks the caller’s own session and a locked one, and offers no kick-out of one’s own', async () => {
    answerCalls({
      [LIST]: { data: { rows: [session('1', 'admin', { current: true }), session('2', 'buyer01', { locked: true })], total: 2 } },
    });
    renderBackOffice(<SessionsPage />, { permissions: { 'session:view': true, 'session:kickout': true } });
    await screen.findByText('buyer01');
    expect(within(rowOf('admin')).getByText('当前会话')).toBeTruthy();
    expect(within(rowOf('admin')).getByText('在线')).toBeTruthy();
    expect(within(rowOf('buyer01')).getByText('锁屏')).toBeTruthy();
    expect(within(rowOf('admin')).queryByRole('button', { name: /强制下线/ })).toBeNull();
    expect(within(rowOf('buyer01')).getByRole('button', { name: /强制下线/ })).toBeTruthy();
  });

  it('hides the kick-out from someone without that permission', async () => {
    answerCalls({ [LIST]: { data: { rows: [session('2', 'buyer01')], total: 1 } } });
    renderBackOffice(<SessionsPage />, { permissions: { 'session:view': true } });
    await screen.findByText('buyer01');
    expect(screen.queryByRole('button', { name: /强制下线/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /新增/ })).toBeNull();
  });

  it('kicks an account out after a confirmation and says how many sessions ended', async () => {
    let rows = [session('2', 'buyer01'), session('3', 'seller02')];
    const calls = answerCalls({
      [LIST]: () => ({ data: { rows, total: rows.length } }),
      [KICK]: () => {
        rows = rows.filter((r) => r.account !== 'buyer01');
        return { data: { count: 2 } };
      },
    });
    renderBackOffice(<SessionsPage />, { permissions: { 'session:view': true, 'session:kickout': true } });
    await screen.findByText('buyer01');
    fireEvent.click(within(rowOf('buyer01')).getByRole('button', { name: /强制下线/ }));
    expect(await screen.findByText('确定将 buyer01 强制下线吗？')).toBeTruthy();
    expect(screen.getByText('该账号的所有会话都会结束。')).toBeTruthy();
    await confirmPopover();
    await waitFor(() => expect(lastBody(calls, KICK)).toEqual({ account: 'buyer01' }));
    expect(await screen.findByText('已强制下线，结束 2 个会话')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('buyer01')).toBeNull());
    expect(screen.getByText('seller02')).toBeTruthy();
  });

  it('filters by account', async () => {
    const calls = answerCalls({ [LIST]: { data: { rows: [session('2', 'buyer01')], total: 1 } } });
    renderBackOffice(<SessionsPage />, { permissions: { 'session:view': true } });
    await screen.findByText('buyer01');
    const search = document.querySelector<HTMLFormElement>('form#sessions-search')!;
    fireEvent.change(fieldInput('账号', search), { target: { value: 'buyer01' } });
    fireEvent.click(buttonIn(search, '查询'));
    await waitFor(() => expect(lastBody(calls, LIST)).toEqual({ account: 'buyer01', pageNo: 1, pageSize: 10 }));
  });

  it('shows a failed list with its reason and reads it again on "retry"', async () => {
    let fail = true;
    const calls = answerCalls({
      [LIST]: () =>
        fail
          ? { error: { code: '100500', message: '数据库暂不可用', status: 500 } }
          : { data: { rows: [session('2', 'buyer01')], total: 1 } },
    });
    renderBackOffice(<SessionsPage />, { permissions: { 'session:view': true } });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('数据库暂不可用');
    fail = false;
    fireEvent.click(buttonIn(alert, '重试'));
    expect(await screen.findByText('buyer01')).toBeTruthy();
    expect(listCalls(calls, LIST)).toBe(2);
  });

  it('says there is nothing to show when nobody is signed in', async () => {
    answerCalls({ [LIST]: { data: { rows: [], total: 0 } } });
    renderBackOffice(<SessionsPage />, { permissions: { 'session:view': true } });
    expect(await screen.findByText('暂无数据')).toBeTruthy();
  });
});

describe('the operation log', { timeout: 120_000 }, () => {
  const LIST = '/omc/api/admin/operation-log/list';
  const entry = (id: string, extra: Partial<OperationLogRow>): OperationLogRow => ({
    id,
    account: 'admin',
    ip: '10.0.0.1',
    resource: 'users',
    action: 'update',
    recordId: '7',
    before: '',
    after: '',
    at: '2026-11-25T03:00:00.000Z',
    ...extra,
  });

  it('names the resource and the record written, in words', async () => {
    answerCalls({
      [LIST]: {
        data: {
          rows: [
            entry('1', {
              resource: 'users',
              before: '{"account":"buyer01","nick_name":"旧"}',
              after: '{"account":"buyer01","nick_name":"新"}',
            }),
            entry('2', { resource: 'unknown-thing', action: 'purge', recordId: '99' }),
          ],
          total: 2,
        },
      },
    });
    renderBackOffice(<OperationLogPage />, { permissions: { 'log:view': true } });
    const first = (await screen.findByText('buyer01')).closest('tr')!;
    expect(within(first).getByText('用户')).toBeTruthy();
    const second = screen.getByText('99').closest('tr')!;
    expect(within(second).getByText('unknown-thing')).toBeTruthy();
    expect(within(second).getByText('purge')).toBeTruthy();
  });

  it('unfolds a write into its fields before and after, marking the changed ones', async () => {
    answerCalls({
      [LIST]: {
        data: {
          rows: [
            entry('1', {
              before: '{"account":"buyer01","nick_name":"旧昵称","enabled":true}',
              after: '{"account":"buyer01","nick_name":"新昵称","enabled":true}',
            }),
            entry('2', { recordId: '42' }),
          ],
          total: 2,
        },
      },
    });
    renderBackOffice(<OperationLogPage />, { permissions: { 'log:view': true } });
    const row = (await screen.findByText('buyer01')).closest('tr')!;
    // A write with nothing recorded has nothing to unfold.
    expect(screen.getByText('42').closest('tr')!.querySelector('.ant-table-row-expand-icon-spaced')).not.toBeNull();
    fireEvent.click(row.querySelector('.ant-table-row-expand-icon')!);
    const diff = await waitFor(() => {
      const table = document.querySelector<HTMLElement>('.ant-table-expanded-row .ant-table');
      if (!table) throw new Error('no detail');
      return table;
    });
    const changed = [...diff.querySelectorAll('tr.oplog-changed')].map((tr) => tr.querySelector('td')?.textContent);
    expect(changed).toEqual(['nick_name']);
    expect(within(diff).getByText('旧昵称')).toBeTruthy();
    expect(within(diff).getByText('新昵称')).toBeTruthy();
    expect(within(diff).getAllByText('已变更')).toHaveLength(1);
  });

  it('filters by the resource chosen by name and sends its code', async () => {
    const calls = answerCalls({ [LIST]: { data: { rows: [], total: 0 } } });
    renderBackOffice(<OperationLogPage />, { permissions: { 'log:view': true } });
    const search = await waitFor(() => document.querySelector<HTMLFormElement>('form#operation-log-search')!);
    await pickOption(search, '对象', '轮播图');
    fireEvent.change(fieldInput('记录编号', search), { target: { value: ' 12 ' } });
    fireEvent.click(buttonIn(search, '查询'));
    await waitFor(() => expect(lastBody(calls, LIST)).toEqual({ resource: 'banners', recordId: '12', pageNo: 1, pageSize: 10 }));
  });
});

describe('the sign-in log', { timeout: 120_000 }, () => {
  const LIST = '/omc/api/admin/login-log/list';
  const attempt = (id: string, extra: Partial<LoginLogRow>): LoginLogRow => ({
    id,
    account: 'buyer01',
    userId: '7',
    kind: 'login',
    result: 'success',
    ip: '10.0.0.9',
    at: '2026-11-25T03:00:00.000Z',
    ...extra,
  });

  it('says what each attempt was and how it ended', async () => {
    answerCalls({
      [LIST]: {
        data: {
          rows: [
            attempt('1', { ip: '10.0.0.1' }),
            attempt('2', { ip: '10.0.0.2', result: 'wrong-credentials' }),
            attempt('3', { ip: '10.0.0.3', kind: 'logout' }),
            attempt('4', { ip: '10.0.0.4', result: 'captcha-expired' }),
          ],
          total: 4,
        },
      },
    });
    renderBackOffice(<LoginLogPage />, { permissions: { 'log:view': true } });
    await screen.findByText('10.0.0.1');
    expect(within(rowOf('10.0.0.1')).getByText('成功')).toBeTruthy();
    expect(within(rowOf('10.0.0.1')).getByText('登录')).toBeTruthy();
    expect(within(rowOf('10.0.0.2')).getByText('用户名或密码错误')).toBeTruthy();
    expect(within(rowOf('10.0.0.3')).getByText('退出')).toBeTruthy();
    // A result this page does not know is shown as the server sent it.
    expect(within(rowOf('10.0.0.4')).getByText('captcha-expired')).toBeTruthy();
  });

  it('filters the failures of one account', async () => {
    const calls = answerCalls({ [LIST]: { data: { rows: [], total: 0 } } });
    renderBackOffice(<LoginLogPage />, { permissions: { 'log:view': true } });
    const search = await waitFor(() => document.querySelector<HTMLFormElement>('form#login-log-search')!);
    fireEvent.change(fieldInput('账号', search), { target: { value: 'buyer01' } });
    await pickOption(search, '结果', '短信验证码错误');
    await pickOption(search, '类型', '登录');
    fireEvent.click(buttonIn(search, '查询'));
    await waitFor(() =>
      expect(lastBody(calls, LIST)).toEqual({ account: 'buyer01', kind: 'login', result: 'wrong-sms-code', pageNo: 1, pageSize: 10 }),
    );
  });
});
