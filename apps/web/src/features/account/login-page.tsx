import { Suspense, lazy, useEffect, useState } from 'react';
import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Divider, Form, Input, Segmented, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { accountEndpoints, type LoginAnswer, type PasswordLoginBody } from '@portal/contracts/account';
import { LIMITS } from '@portal/contracts/validation';
import { ApiError, call } from '../../api/client';
import { createPasswordTransport } from '../../shared/password-transport';
import { useSettings } from '../../shared/settings';
import { storeLoginAnswer, takeLoginUrl } from '../../shared/session-storage';
import { LanguageSwitch } from '../../shared/language-switch';
import { CheckCodeImage, useCheckCode } from './check-code-image';
import { MobileLoginForm } from './mobile-login-form';
import { ThirdPartyLogin } from './third-party-login';
import { CURRENT_USER_KEY } from './use-current-user';
import './login-page.css';

interface PasswordForm {
  account: string;
  password: string;
  check_code?: string;
  tenantId?: string;
}

const RegisterModal = lazy(() => import('./register-modal').then((m) => ({ default: m.RegisterModal })));
const ForgotPasswordModal = lazy(() => import('./forgot-password-modal').then((m) => ({ default: m.ForgotPasswordModal })));

type LoginType = 'password' | 'mobile';
type Dialog = 'register' | 'forgot';

/** The free-register link shows for company user types only (account-and-shell.md section 2). */
export function showRegisterLink(registerButton: boolean, userType: string | null): boolean {
  return registerButton && (userType === null || userType === 'comp' || userType === 'toVerified');
}

/**
 * /login: standalone, no layout. The login-type switch toggles the password form (picture code,
 * optional tenant) and the mobile form (SMS code); links open the registration and reset wizards.
 */
export function LoginPage() {
  const { t } = useTranslation('login');
  const settings = useSettings();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const [form] = Form.useForm<PasswordForm>();
  const [loading, setLoading] = useState(false);
  const [loginType, setLoginType] = useState<LoginType>('password');
  const userType = params.get('user_type') ?? sessionStorage.getItem('user_type');
  // The portal's "register" link (/login?register=1) opens the registration wizard directly.
  const registerFromLink = params.get('register') === '1' && showRegisterLink(settings.registerButton, userType);
  const [dialog, setDialog] = useState<Dialog | null>(registerFromLink ? 'register' : null);
  // A wizard stays mounted once opened, so its success popups outlive the wizard itself.
  const [mounted, setMounted] = useState<Record<Dialog, boolean>>({ register: registerFromLink, forgot: false });
  const { img, refresh } = useCheckCode();
  const openDialog = (which: Dialog) => {
    setMounted((m) => ({ ...m, [which]: true }));
    setDialog(which);
  };

  const needsCode = useQuery({ queryKey: ['loginHasValidateCode'], queryFn: () => call(accountEndpoints.loginHasValidateCode) });
  const tenants = useQuery({
    queryKey: ['tenants'],
    queryFn: () => call(accountEndpoints.getTenantList),
    enabled: settings.tenantMode,
  });
  const codeRequired = needsCode.data !== false;

  useEffect(() => {
    document.title = `${t('title')} - ${t('brandTitle')}`;
  }, [t]);

  /** A login counts once the answer is in: keep the session data, then go where the person was heading. */
  const onSignedIn = async (answer: LoginAnswer, tenant?: { tenant_id: string; tenant_name: string; kind_code: string }) => {
    storeLoginAnswer(answer, { tenantId: tenant?.tenant_id, tenantName: tenant?.tenant_name, kindCode: tenant?.kind_code });
    queryClient.setQueryData(CURRENT_USER_KEY, await call(accountEndpoints.getCurrUser));
    message.destroy();
    message.success({ content: t('success'), duration: 3 });
    navigate(takeLoginUrl() ?? '/mainIndex', { replace: true });
  };

  const onFinish = async (values: PasswordForm) => {
    setLoading(true);
    const tenant = tenants.data?.find((row) => row.tenant_id === values.tenantId);
    try {
      const body: PasswordLoginBody = {
        account: values.account.trim(),
        password: await createPasswordTransport(settings.webEncryptType)(values.password),
        check_code: codeRequired ? values.check_code?.trim() : undefined,
        req_code_session_id: sessionStorage.getItem('cc') ?? undefined,
        tenantId: values.tenantId,
        kindCode: tenant?.kind_code,
        terminal_type: 'pc',
      };
      const answer = await call(accountEndpoints.submitLogin, { body });
      await onSignedIn(answer, tenant);
    } catch (err) {
      form.setFieldValue('check_code', '');
      void refresh();
      const text = err instanceof ApiError && err.message ? err.message : t('failed');
      message.error({ content: text, duration: 3 });
      if (err instanceof ApiError && err.code === '111000') form.setFields([{ name: 'check_code', errors: [text] }]);
      else if (err instanceof ApiError && (err.code === '-104' || err.code === '-105'))
        form.setFields([{ name: 'password', errors: [text] }]);
    } finally {
      setLoading(false);
    }
  };

  const logoTarget = settings.portalJump ? '/index' : '/mainIndex';
  return (
    <div className="login-page">
      <header className="login-header">
        <Link to={logoTarget} className="login-logo" aria-label={t('brandTitle')}>
          <span className="login-logo-mark" aria-hidden>
            宗
          </span>
          <span>{t('brandTitle')}</span>
        </Link>
        {settings.isI18n && <LanguageSwitch />}
      </header>
      <main className="login-main">
        <section className="login-brand" aria-hidden>
          <h2>{t('brandTitle')}</h2>
          <p>{t('brandText')}</p>
          <ul>
            {(t('brandPoints', { returnObjects: true }) as string[]).map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
        </section>
        <section className="login-card" aria-labelledby="login-title">
          <h1 id="login-title">{t('welcome')}</h1>
          <Segmented<LoginType>
            block
            value={loginType}
            onChange={setLoginType}
            options={[
              { label: t('passwordTab'), value: 'password' },
              { label: t('mobileTab'), value: 'mobile' },
            ]}
            aria-label={t('title')}
          />
          {loginType === 'password' ? (
            <Form<PasswordForm> form={form} layout="vertical" requiredMark={false} onFinish={onFinish} className="login-form" size="large">
              <Form.Item
                name="account"
                label={t('username')}
                rules={[{ required: true, whitespace: true, message: t('usernameRequired') }]}
              >
                <Input
                  prefix={<UserOutlined />}
                  maxLength={LIMITS.usernameMax}
                  placeholder={t('usernamePlaceholder')}
                  autoComplete="username"
                />
              </Form.Item>
              <Form.Item
                name="password"
                label={t('password')}
                rules={[
                  { required: true, message: t('passwordRequired') },
                  { min: LIMITS.loginPasswordMin, message: t('passwordTooShort') },
                ]}
              >
                <Input.Password
                  prefix={<LockOutlined />}
                  maxLength={LIMITS.passwordMax}
                  placeholder={t('passwordPlaceholder')}
                  autoComplete="current-password"
                />
              </Form.Item>
              {codeRequired && (
                <Form.Item label={t('checkCode')} required>
                  <Space.Compact block>
                    <Form.Item name="check_code" noStyle rules={[{ required: true, whitespace: true, message: t('checkCodeRequired') }]}>
                      <Input
                        prefix={<SafetyOutlined />}
                        maxLength={LIMITS.loginPictureCodeMax}
                        placeholder={t('checkCodePlaceholder')}
                        aria-label={t('checkCode')}
                        autoComplete="off"
                      />
                    </Form.Item>
                    <CheckCodeImage img={img} onRefresh={() => void refresh()} />
                  </Space.Compact>
                </Form.Item>
              )}
              {settings.tenantMode && (
                <Form.Item name="tenantId" label={t('tenant')} rules={[{ required: true, message: t('tenantRequired') }]}>
                  <Select
                    placeholder={t('tenantPlaceholder')}
                    loading={tenants.isLoading}
                    options={(tenants.data ?? []).map((row) => ({ value: row.tenant_id, label: row.tenant_name }))}
                  />
                </Form.Item>
              )}
              <Button type="primary" htmlType="submit" block loading={loading}>
                {t('submit')}
              </Button>
            </Form>
          ) : (
            <MobileLoginForm onSignedIn={(answer) => onSignedIn(answer)} />
          )}
          <div className="login-links">
            <Typography.Link
              href="#"
              onClick={(event) => {
                event.preventDefault();
                openDialog('forgot');
              }}
            >
              {t('forgot')}
            </Typography.Link>
            {showRegisterLink(settings.registerButton, userType) && (
              <span>
                <Typography.Text type="secondary">{t('noAccount')}</Typography.Text>
                <Typography.Link
                  href="#"
                  onClick={(event) => {
                    event.preventDefault();
                    openDialog('register');
                  }}
                >
                  {t('register')}
                </Typography.Link>
              </span>
            )}
          </div>
          {settings.thirdPartyLogin && (
            <>
              <Divider plain className="login-divider">
                {t('thirdParty')}
              </Divider>
              <ThirdPartyLogin />
            </>
          )}
        </section>
      </main>
      <Suspense fallback={null}>
        {mounted.register && <RegisterModal open={dialog === 'register'} onClose={() => setDialog(null)} />}
        {mounted.forgot && <ForgotPasswordModal open={dialog === 'forgot'} onClose={() => setDialog(null)} />}
      </Suspense>
    </div>
  );
}
