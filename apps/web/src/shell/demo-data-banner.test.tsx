import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUser } from '@portal/contracts/account';
import { initI18n } from '../i18n/index';
import { DemoDataBanner } from './demo-data-banner';

beforeAll(async () => {
  await initI18n('zh-CN', ['shell']);
});
afterEach(cleanup);

const operator = (publishedDemoPasswords: boolean) => ({ userName: 'admin', userType: 'operator', publishedDemoPasswords }) as CurrentUser;

describe('the demo-data banner', () => {
  it('warns while the server says demo passwords still sign in, in the reader language', async () => {
    render(<DemoDataBanner user={operator(true)} />);
    expect(screen.getByRole('alert').textContent).toContain('演示账号的密码已公开');
    await i18next.changeLanguage('en-US');
    cleanup();
    render(<DemoDataBanner user={operator(true)} />);
    expect(screen.getByRole('alert').textContent).toContain('passwords are published');
    await i18next.changeLanguage('zh-CN');
  });

  it('is absent otherwise', () => {
    render(<DemoDataBanner user={operator(false)} />);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
