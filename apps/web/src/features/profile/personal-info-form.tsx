import { useRef, useState } from 'react';
import { Button, Col, Form, Input, Row, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '@portal/contracts/account';
import { userRoutes } from '@portal/contracts/routes/user';
import { CERT_TYPES, PROFILE_LIMITS, personalInfoBodySchema, type PersonalInfoBody } from '@portal/contracts/user';
import { call, ApiError } from '../../api/client';
import { useFeedback } from '../../shared/feedback';
import { schemaMessageRule } from './rules';

type InfoForm = Required<Omit<PersonalInfoBody, 'userId'>>;

const fieldsOf = (user: CurrentUser): InfoForm => ({
  name: user.nickName,
  realName: user.realName,
  mobilePhone: user.mobilePhone,
  email: user.email,
  jobNo: user.jobNo,
  position: user.position,
  fax: user.fax,
  certType: (CERT_TYPES as readonly string[]).includes(user.certType) ? (user.certType as InfoForm['certType']) : '',
  certNo: user.certNo,
});

interface PersonalInfoFormProps {
  user: CurrentUser;
  onSaved: (user: CurrentUser) => void;
  onCancel?: () => void;
}

/** The personal-info editor (the signed-in user's own fields). A repeat submit is blocked while one is in flight. */
export function PersonalInfoForm({ user, onSaved, onCancel }: PersonalInfoFormProps) {
  const { t } = useTranslation('profile');
  const { message } = useFeedback();
  const [form] = Form.useForm<InfoForm>();
  const inFlight = useRef(false);
  const [saving, setSaving] = useState(false);
  const shape = personalInfoBodySchema.shape;
  const tooLong = (max: number) => ({ max, message: t('info.tooLong', { max }) });

  const save = async (values: InfoForm) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setSaving(true);
    try {
      const { mobilePhone: _readOnly, ...body } = values;
      const saved = await call(userRoutes.modifyCurrUserInfo, { body: { ...body, userId: user.currUserId }, quiet: true });
      message.success({ content: t('info.saved'), duration: 3 });
      onSaved(saved);
    } catch (err) {
      message.error({ content: err instanceof ApiError && err.message ? err.message : t('info.saveFailed'), duration: 3 });
    } finally {
      inFlight.current = false;
      setSaving(false);
    }
  };

  return (
    <Form<InfoForm>
      form={form}
      layout="vertical"
      initialValues={fieldsOf(user)}
      onFinish={save}
      className="profile-form"
      data-testid="personal-info-form"
    >
      <Row gutter={24}>
        <Col xs={24} md={12}>
          <Form.Item
            name="name"
            label={t('info.name')}
            rules={[{ required: true, whitespace: true, message: t('info.nameRequired') }, tooLong(PROFILE_LIMITS.nameMax)]}
          >
            <Input maxLength={PROFILE_LIMITS.nameMax} showCount autoComplete="nickname" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="realName" label={t('info.realName')} rules={[tooLong(PROFILE_LIMITS.realNameMax)]}>
            <Input maxLength={PROFILE_LIMITS.realNameMax} autoComplete="name" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="mobilePhone" label={t('info.mobilePhone')} extra={t('info.mobileHint')}>
            <Input readOnly variant="filled" maxLength={PROFILE_LIMITS.mobileMax} className="tabular" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="email"
            label={t('info.email')}
            rules={[tooLong(PROFILE_LIMITS.emailMax), schemaMessageRule(shape.email, t('info.emailInvalid'))]}
          >
            <Input maxLength={PROFILE_LIMITS.emailMax} autoComplete="email" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="jobNo" label={t('info.jobNo')} rules={[tooLong(PROFILE_LIMITS.jobNoMax)]}>
            <Input maxLength={PROFILE_LIMITS.jobNoMax} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="position" label={t('info.position')} rules={[tooLong(PROFILE_LIMITS.positionMax)]}>
            <Input maxLength={PROFILE_LIMITS.positionMax} autoComplete="organization-title" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="fax" label={t('info.fax')} rules={[schemaMessageRule(shape.fax, t('info.faxInvalid'))]}>
            <Input maxLength={PROFILE_LIMITS.faxMax} placeholder="010-12345678" className="tabular" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label={t('info.certificate')}>
            <Space.Compact block>
              <Form.Item name="certType" noStyle>
                <Select
                  aria-label={t('info.certType')}
                  style={{ width: '42%' }}
                  options={[
                    { value: '', label: t('info.certTypeNone') },
                    ...CERT_TYPES.map((value) => ({ value, label: t(`info.certTypes.${value}`) })),
                  ]}
                />
              </Form.Item>
              <Form.Item name="certNo" noStyle rules={[schemaMessageRule(shape.certNo, t('info.certNoInvalid'))]}>
                <Input
                  aria-label={t('info.certNo')}
                  placeholder={t('info.certNo')}
                  maxLength={PROFILE_LIMITS.certNoMax}
                  style={{ width: '58%' }}
                />
              </Form.Item>
            </Space.Compact>
          </Form.Item>
        </Col>
      </Row>
      <Space>
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('info.save')}
        </Button>
        {onCancel ? (
          <Button onClick={onCancel}>{t('cancel')}</Button>
        ) : (
          <Button onClick={() => form.resetFields()}>{t('info.reset')}</Button>
        )}
      </Space>
    </Form>
  );
}
