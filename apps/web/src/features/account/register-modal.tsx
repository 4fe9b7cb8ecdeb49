import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Checkbox, Form, Input, Modal, QRCode, Skeleton, Space, Steps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Lang } from '@portal/contracts/i18n';
import type { Agreement } from '@portal/contracts/registration';
import { registrationRoutes } from '@portal/contracts/routes/registration';
import { companyNameSchema, mobileSchema, usernameSchema } from '@portal/contracts/validation';
import { LIMITS } from '@portal/contracts/validation-rules';
import { ApiError, call } from '../../api/client';
import { useFeedback } from '../../shared/feedback';
import { createPasswordTransport } from '../../shared/password-transport';
import { LoadError } from '../../shared/query-state';
import { useSettings } from '../../shared/settings';
import { AgreementViewer } from './agreement-viewer';
import { catalogueText, confirmRule, passwordRuleRule, schemaReasonRule } from './form-rules';
import { PasswordStrength } from './password-strength';
import { SmsCodeField } from './sms-code-field';
import './account-dialogs.css';

interface RegisterForm {
  user_account: string;
  company_name: string;
  password: string;
  confirm: string;
  agreed: boolean;
  mobile: string;
  sms_code: string;
}

const STEP1: (keyof RegisterForm)[] = ['user_account', 'company_name', 'password', 'confirm', 'agreed'];
/** Sending refusals that send the wizard back to step 1; "too frequent" only asks to wait. */
const BACK_TO_STEP1 = ['111003', '111004'];

/** Company self-registration, two steps. */
export function RegisterModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation('account');
  const { t: tc } = useTranslation();
  const lang = i18n.language as Lang;
  const settings = useSettings();
  const { message } = useFeedback();
  const [form] = Form.useForm<RegisterForm>();
  const [step, setStep] = useState(0);
  const [submitting, setSubmitting] = useState(false);
  const [resetKey, setResetKey] = useState(0);
  const [viewing, setViewing] = useState<Agreement | null>(null);
  const [qrUrl, setQrUrl] = useState<string | null>(null);
  const [known] = useState(() => new Map<string, boolean>());
  const password = Form.useWatch('password', form);

  const agreements = useQuery({
    queryKey: ['agreements'],
    queryFn: () => call(registrationRoutes.agreements, { quiet: true }),
    enabled: open,
    staleTime: 10 * 60_000,
  });
  const needsAgreement = (agreements.data ?? []).length > 0;

  const reset = () => {
    form.resetFields();
    setStep(0);
    setResetKey((k) => k + 1);
  };
  const close = () => {
    reset();
    onClose();
  };

  /** The name must be free; each answer is remembered so typing back and forth asks once. */
  const usernameFree = {
    validator: async (_rule: unknown, value: string | undefined) => {
      const name = value?.trim() ?? '';
      if (!usernameSchema.safeParse(name).success) return;
      let exists = known.get(name.toLowerCase());
      if (exists === undefined) {
        exists = await call(registrationRoutes.isAccountExisted, { body: { user_account: name }, quiet: true });
        known.set(name.toLowerCase(), exists);
      }
      if (exists) throw new Error(catalogueText('USERNAME_EXISTS', lang));
    },
  };

  const next = async () => {
    try {
      await form.validateFields(STEP1);
      setStep(1);
    } catch {
      // The fields show what is wrong.
    }
  };

  const sendCode = async ({ cc, code }: { cc: string; code: string }) => {
    const values = form.getFieldsValue(true) as RegisterForm;
    await call(registrationRoutes.sendRegCode, {
      body: { mobile: values.mobile.trim(), req_session_id: cc, check_code: code, user_account: values.user_account.trim() },
      quiet: true,
    });
  };

  const submit = async () => {
    let values: RegisterForm;
    try {
      await form.validateFields(['mobile', 'sms_code']);
      values = form.getFieldsValue(true) as RegisterForm;
    } catch {
      return;
    }
    setSubmitting(true);
    try {
      const answer = await call(registrationRoutes.quickReg, {
        body: {
          user_account: values.user_account.trim(),
          company_name: values.company_name.trim(),
          mobile: values.mobile.trim(),
          sms_code: values.sms_code.trim(),
          user_pwd: await createPasswordTransport(settings.webEncryptType)(values.password),
          terminalType: 'pc',
          ...(needsAgreement ? { agreed: Boolean(values.agreed) } : {}),
        },
        quiet: true,
      });
      message.success(t('register.success'));
      close();
      if (answer.qrUrl) setQrUrl(answer.qrUrl);
    } catch (err) {
      form.setFieldValue('sms_code', '');
      const text = err instanceof ApiError && err.message ? err.message : tc('networkError');
      message.error(text);
      form.setFields([{ name: 'sms_code', errors: [text] }]);
    } finally {
      setSubmitting(false);
    }
  };

  const footer =
    step === 0 ? (
      <Button type="primary" onClick={() => void next()} disabled={!agreements.isSuccess}>
        {t('wizard.next')}
      </Button>
    ) : (
      <Space>
        <Button onClick={() => setStep(0)}>{t('wizard.prev')}</Button>
        <Button type="primary" loading={submitting} onClick={() => void submit()}>
          {t('register.submit')}
        </Button>
      </Space>
    );

  return (
    <>
      <Modal
        title={t('register.title')}
        open={open}
        onCancel={close}
        footer={footer}
        width={560}
        mask={{ closable: false }}
        destroyOnHidden={false}
      >
        <Steps
          size="small"
          current={step}
          items={[{ title: t('register.step1') }, { title: t('register.step2') }]}
          className="account-steps"
        />
        <Form<RegisterForm>
          form={form}
          name="register"
          layout="vertical"
          requiredMark={false}
          className="account-form"
          onFinish={() => void (step === 0 ? next() : submit())}
        >
          {step === 0 ? (
            <>
              <Form.Item
                name="user_account"
                label={t('fields.username')}
                validateTrigger="onBlur"
                validateFirst
                rules={[
                  { required: true, whitespace: true, message: t('fields.usernameRequired') },
                  schemaReasonRule(usernameSchema, lang),
                  usernameFree,
                ]}
              >
                <Input maxLength={LIMITS.usernameMax} placeholder={t('fields.usernamePlaceholder')} autoComplete="username" />
              </Form.Item>
              <Form.Item
                name="company_name"
                label={t('fields.companyName')}
                rules={[
                  { required: true, whitespace: true, message: t('fields.companyNameRequired') },
                  schemaReasonRule(companyNameSchema, lang),
                ]}
              >
                <Input
                  maxLength={LIMITS.companyNameMax}
                  showCount
                  placeholder={t('fields.companyNamePlaceholder')}
                  autoComplete="organization"
                />
              </Form.Item>
              <Form.Item
                name="password"
                label={t('fields.password')}
                extra={<PasswordStrength value={password} />}
                rules={[{ required: true, message: t('fields.passwordRequired') }, passwordRuleRule(settings.passwordRule, lang)]}
              >
                <Input.Password maxLength={LIMITS.passwordMax} placeholder={t('fields.passwordPlaceholder')} autoComplete="new-password" />
              </Form.Item>
              <Form.Item
                name="confirm"
                label={t('fields.confirmPassword')}
                dependencies={['password']}
                rules={[{ required: true, message: t('fields.confirmRequired') }, confirmRule('password', lang)]}
              >
                <Input.Password maxLength={LIMITS.passwordMax} placeholder={t('fields.confirmPlaceholder')} autoComplete="new-password" />
              </Form.Item>
              {agreements.isPending && <Skeleton.Input active size="small" block />}
              {agreements.isError && <LoadError error={agreements.error} onRetry={() => void agreements.refetch()} compact />}
              {needsAgreement && (
                <Form.Item
                  name="agreed"
                  valuePropName="checked"
                  rules={[
                    { validator: async (_r, v) => (v ? undefined : Promise.reject(new Error(catalogueText('AGREEMENT_REQUIRED', lang)))) },
                  ]}
                >
                  <Checkbox>
                    {t('register.agree')}
                    {agreements.data!.map((agreement) => (
                      <Typography.Link
                        key={agreement.id}
                        href="#"
                        onClick={(event) => {
                          event.preventDefault();
                          setViewing(agreement);
                        }}
                      >
                        《{agreement.articleName}》
                      </Typography.Link>
                    ))}
                  </Checkbox>
                </Form.Item>
              )}
            </>
          ) : (
            <>
              <Form.Item
                name="mobile"
                label={t('fields.mobile')}
                rules={[{ required: true, whitespace: true, message: t('fields.mobileRequired') }, schemaReasonRule(mobileSchema, lang)]}
              >
                <Input maxLength={LIMITS.mobileMax} inputMode="numeric" placeholder={t('fields.mobilePlaceholder')} autoComplete="tel" />
              </Form.Item>
              <SmsCodeField
                name="sms_code"
                label={t('sms.label')}
                requiredMessage={t('sms.required')}
                scope="register"
                resetKey={resetKey}
                beforeSend={() =>
                  form.validateFields(['mobile']).then(
                    () => true,
                    () => false,
                  )
                }
                send={sendCode}
                onRefused={(error) => {
                  if (BACK_TO_STEP1.includes(error.code)) setStep(0);
                }}
                onFailed={() => setStep(1)}
              />
            </>
          )}
        </Form>
      </Modal>
      <AgreementViewer agreement={viewing} onClose={() => setViewing(null)} />
      <Modal
        title={t('register.qrTitle')}
        open={qrUrl !== null}
        onCancel={() => setQrUrl(null)}
        footer={
          <Button type="primary" onClick={() => setQrUrl(null)}>
            {t('register.qrDone')}
          </Button>
        }
        width={360}
        centered
      >
        <Typography.Paragraph>{t('register.qrText')}</Typography.Paragraph>
        <div className="account-qr">{qrUrl && <QRCode value={qrUrl} size={LIMITS.qrSize} />}</div>
      </Modal>
    </>
  );
}
