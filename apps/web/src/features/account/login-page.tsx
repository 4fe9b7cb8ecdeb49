import { Suspense, lazy, useState, type ChangeEvent, type CSSProperties, type FormEvent } from 'react';
import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Segmented, Space, Spin } from 'antd';
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
import { useDocumentTitle } from '../../shared/use-document-title';
import { useSettings } from '../../shared/settings';
import { CheckCodeImage, useCheckCode } from './check-code-image';
import { LoginField, fieldAria } from './login-field';
import { CURRENT_USER_KEY } from '../../shared/use-current-user';
import { useThemeToken } from '../../shared/use-theme-token';
import './login-page.css';

interface PasswordForm {
  account: string;
  password: string;
  check_code: string;
  tenantId?: string;
}
type FieldErrors = Partial<Record<keyof PasswordForm, string>>;

const EMPTY_FORM: PasswordForm = { account: '', password: '', check_code: '' };

/** The password form's checks, each with its field's message (the rules antd's form item ran). */
function checkField(name: keyof PasswordForm, value: string | undefined, t: (key: string) => string): string | undefined {
  const text = value ?? '';
  switch (name) {
    case 'account':
      return text.trim() === '' ? t('usernameRequired') : undefined;
    case 'password':
      if (text === '') return t('passwordRequired');
      // Characters, not UTF-16 units, as antd's validator counted them.
      return Array.from(text).length < LIMITS.loginPasswordMin ? t('passwordTooShort') : undefined;
    case 'check_code':
      return text.trim() === '' ? t('checkCodeRequired') : undefined;
    case 'tenantId':
      return text === '' ? t('tenantRequired') : undefined;
  }
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
  const token = useThemeToken();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const [values, setValues] = useState<PasswordForm>(EMPTY_FORM);
  const [errors, setErrors] = useState<FieldErrors>({});
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
  const fields: (keyof PasswordForm)[] = [
    'account',
    'password',
    ...(codeRequired ? ['check_code' as const] : []),
    ...(settings.tenantMode ? ['tenantId' as const] : []),
  ];

  /** A field's new value, checked at once (as antd's form item did on every change). */
  const change = (name: keyof PasswordForm, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: checkField(name, value, t) }));
  };

  /** What each text field of the form takes alike: its accessibility, look, value and change. */
  const bind = (name: 'account' | 'password' | 'check_code') => ({
    ...fieldAria(name, errors[name]),
    size: 'large' as const,
    status: errors[name] ? ('error' as const) : undefined,
    value: values[name],
    onChange: (e: ChangeEvent<HTMLInputElement>) => change(name, e.target.value),
  });

  useDocumentTitle(t('title'));

  /** A login counts once the answer is in: keep the session data, then go where the person was heading. */
  const onSignedIn = async (answer: LoginAnswer, tenant?: { tenant_id: string; tenant_name: string; kind_code: string }) => {
    storeLoginAnswer(answer, { tenantId: tenant?.tenant_id, tenantName: tenant?.tenant_name, kindCode: tenant?.kind_code });
    queryClient.setQueryData(CURRENT_USER_KEY, await call(accountRoutes.getCurrUser));
    message.destroy();
    message.success({ content: t('success'), duration: 3 });
    navigate(takeLoginUrl() ?? '/mainIndex', { replace: true });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: FieldErrors = {};
    for (const name of fields) found[name] = checkField(name, values[name], t);
    setErrors(found);
    if (fields.every((name) => !found[name])) void onFinish(values);
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
      setValues((current) => ({ ...current, check_code: '' }));
      void refresh();
      const text = err instanceof ApiError && err.message ? err.message : t('failed');
      message.error({ content: text, duration: 3 });
      if (err instanceof ApiError && err.code === '111000') setErrors((current) => ({ ...current, check_code: text }));
      else if (err instanceof ApiError && (err.code === '-104' || err.code === '-105'))
        setErrors((current) => ({ ...current, password: text }));
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
    '--login-error': token.colorError,
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
            // The look of antd's large vertical form (login-page.css); the fields' checks are checkField's.
            <form className="login-form" onSubmit={onSubmit}>
              <LoginField id="account" label={t('username')} labelFor="account" error={errors.account}>
                <Input
                  {...bind('account')}
                  prefix={<UserOutlined />}
                  maxLength={LIMITS.usernameMax}
                  placeholder={t('usernamePlaceholder')}
                  autoComplete="username"
                />
              </LoginField>
              <LoginField id="password" label={t('password')} labelFor="password" error={errors.password}>
                <Password
                  {...bind('password')}
                  prefix={<LockOutlined />}
                  maxLength={LIMITS.passwordMax}
                  placeholder={t('passwordPlaceholder')}
                  autoComplete="current-password"
                />
              </LoginField>
              {codeRequired && (
                <LoginField id="check_code" label={t('checkCode')} error={errors.check_code}>
                  <Space.Compact block>
                    <Input
                      {...bind('check_code')}
                      prefix={<SafetyOutlined />}
                      maxLength={LIMITS.loginPictureCodeMax}
                      placeholder={t('checkCodePlaceholder')}
                      aria-label={t('checkCode')}
                      autoComplete="off"
                    />
                    <CheckCodeImage img={img} onRefresh={() => void refresh()} />
                  </Space.Compact>
                </LoginField>
              )}
              {settings.tenantMode && (
                <Suspense fallback={<div className="login-field-placeholder" />}>
                  <TenantField
                    tenants={tenants.data ?? []}
                    loading={tenants.isLoading}
                    value={values.tenantId}
                    error={errors.tenantId}
                    onChange={(value) => change('tenantId', value)}
                  />
                </Suspense>
              )}
              {/* The spinner shows for answers slower than 200 ms only: a refusal that came back within a few
                  frames stopped antd's loading-icon motion half-way and left the hidden icon in the button's name. */}
              <Button type="primary" htmlType="submit" size="large" block loading={loading ? { delay: 200 } : false}>
                {t('submit')}
              </Button>
            </form>
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
