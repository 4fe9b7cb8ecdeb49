import { Suspense, lazy, useEffect, useState, type CSSProperties } from 'react';
import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Segmented, Space, Spin, theme } from 'antd';
// The field and the password field themselves: antd's Input index also attaches TextArea, Search,
// OTP and Group, about 3 KB gzip that this first screen does not use.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { LoginAnswer, PasswordLoginBody } from '@portal/contracts/account';
import { accountRoutes } from '@portal/contracts/routes/account';
import { LIMITS } from '@portal/contracts/validation-rules';
import { ApiError, call } from '../../api/client';
import { withTexts } from '../../i18n/index';
import { useFeedback } from '../../shared/feedback';
import { LanguageSwitch } from '../../shared/language-switch';
import { createPasswordTransport } from '../../shared/password-transport';
import { storeLoginAnswer, storedValue, takeLoginUrl } from '../../shared/session-storage';
import { useSettings } from '../../shared/settings';
import { CheckCodeImage, useCheckCode } from './check-code-image';
import { CURRENT_USER_KEY } from '../../shared/use-current-user';
import './login-page.css';

interface PasswordForm {
  account: string;
  password: string;
  check_code?: string;
  tenantId?: string;
}

// The dialogs and the mobile form use the `account` namespace: it comes with their code.
const withAccountTexts = <T,>(load: Promise<T>) => withTexts(load, ['account']);
const RegisterModal = lazy(() => withAccountTexts(import('./register-modal')).then((m) => ({ default: m.RegisterModal })));
const ForgotPasswordModal = lazy(() =>
  withAccountTexts(import('./forgot-password-modal')).then((m) => ({ default: m.ForgotPasswordModal })),
);
// The first screen is the password form: the mobile form (with its SMS popup and the field schemas)
// loads when its tab is chosen, or as soon as the pointer or focus reaches the switch; the tenant
// choice and the third-party block load only where they are switched on.
const loadMobileForm = () => withAccountTexts(import('./mobile-login-form'));
const MobileLoginForm = lazy(() => loadMobileForm().then((m) => ({ default: m.MobileLoginForm })));
const TenantField = lazy(() => import('./tenant-field').then((m) => ({ default: m.TenantField })));
const ThirdPartyLogin = lazy(() => import('./third-party-login').then((m) => ({ default: m.ThirdPartyLogin })));

type LoginType = 'password' | 'mobile';
type Dialog = 'register' | 'forgot';

/** The free-register link shows for company user types only. */
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
  const { message } = useFeedback();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const [form] = Form.useForm<PasswordForm>();
  const [loading, setLoading] = useState(false);
  const [loginType, setLoginType] = useState<LoginType>('password');
  const userType = params.get('user_type') ?? storedValue('user_type');
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

  const needsCode = useQuery({ queryKey: ['loginHasValidateCode'], queryFn: () => call(accountRoutes.loginHasValidateCode) });
  const tenants = useQuery({
    queryKey: ['tenants'],
    queryFn: () => call(accountRoutes.getTenantList),
    enabled: settings.tenantMode,
  });
  const codeRequired = needsCode.data !== false;

  useEffect(() => {
    document.title = `${t('title')} - ${t('brandTitle')}`;
  }, [t]);

  /** A login counts once the answer is in: keep the session data, then go where the person was heading. */
  const onSignedIn = async (answer: LoginAnswer, tenant?: { tenant_id: string; tenant_name: string; kind_code: string }) => {
    storeLoginAnswer(answer, { tenantId: tenant?.tenant_id, tenantName: tenant?.tenant_name, kindCode: tenant?.kind_code });
    queryClient.setQueryData(CURRENT_USER_KEY, await call(accountRoutes.getCurrUser));
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
        req_code_session_id: storedValue('cc') ?? undefined,
        tenantId: values.tenantId,
        kindCode: tenant?.kind_code,
        terminal_type: 'pc',
      };
      const answer = await call(accountRoutes.submitLogin, { body });
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
  const cardVars = {
    '--login-link': token.colorLink,
    '--login-link-hover': token.colorLinkHover,
    // Secondary text at 4.5:1 or more on the white card (antd's "secondary" grey is lighter).
    '--login-text-secondary': token.colorTextSecondary,
  } as CSSProperties;
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
        <section className="login-card" aria-labelledby="login-title" style={cardVars}>
          <h1 id="login-title">{t('welcome')}</h1>
          <div onPointerEnter={() => void loadMobileForm()} onFocus={() => void loadMobileForm()}>
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
          </div>
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
                <Password
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
                <Suspense fallback={<div className="login-field-placeholder" />}>
                  <TenantField tenants={tenants.data ?? []} loading={tenants.isLoading} />
                </Suspense>
              )}
              {/* The spinner shows for answers slower than 200 ms only: a refusal that came back within a few
                  frames stopped antd's loading-icon motion half-way and left the hidden icon in the button's name. */}
              <Button type="primary" htmlType="submit" block loading={loading ? { delay: 200 } : false}>
                {t('submit')}
              </Button>
            </Form>
          ) : (
            <Suspense
              fallback={
                <div className="login-form-loading">
                  <Spin />
                </div>
              }
            >
              <MobileLoginForm onSignedIn={(answer) => onSignedIn(answer)} />
            </Suspense>
          )}
          <div className="login-links">
            <button type="button" className="login-link" onClick={() => openDialog('forgot')}>
              {t('forgot')}
            </button>
            {showRegisterLink(settings.registerButton, userType) && (
              <span>
                <span className="login-links-text">{t('noAccount')}</span>
                <button type="button" className="login-link" onClick={() => openDialog('register')}>
                  {t('register')}
                </button>
              </span>
            )}
          </div>
          {settings.thirdPartyLogin && (
            <Suspense fallback={null}>
              <ThirdPartyLogin />
            </Suspense>
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
