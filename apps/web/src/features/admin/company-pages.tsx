import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Form, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  companyEndpoints,
  companyProfileBodySchema,
  suppliersResource,
  type CompanyProfileBody,
  type SupplierRow,
} from '@portal/contracts/admin-company';
import type { Lang } from '@portal/contracts/i18n';
import { ApiError, call } from '../../api/client';
import { useFeedback } from '../../shared/feedback';
import { QueryState } from '../../shared/query-state';
import { contractRule, fieldSchema, isRequired, withoutEmptyInputs } from '../../shared/resource/field-rules';
import { FieldInput, type FieldSpec } from '../../shared/resource/fields';
import { ResourcePage } from '../../shared/resource/resource-page';
import { formatTime } from './format';
import { SupplierApplications } from './supplier-applications';

/** Company centre · the signed-in company user's own company profile. */
export function CompanyProfilePage() {
  const { t, i18n } = useTranslation('admin');
  const { t: words } = useTranslation('resource');
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const [form] = Form.useForm();
  const profile = useQuery({ queryKey: ['company', 'profile'], queryFn: () => call(companyEndpoints.getProfile, { body: {} }) });
  useEffect(() => {
    if (profile.data) form.setFieldsValue(profile.data);
  }, [form, profile.data]);
  const save = useMutation({
    mutationFn: (body: CompanyProfileBody) => call(companyEndpoints.saveProfile, { body, quiet: true }),
    onSuccess: (data) => {
      queryClient.setQueryData(['company', 'profile'], data);
      message.success({ content: words('saved'), duration: 3 });
    },
    onError: (err) => {
      if (!(err instanceof ApiError)) return;
      const field = (err.data as { field?: string } | null)?.field;
      if (field && form.getFieldInstance(field) !== undefined) form.setFields([{ name: field, errors: [err.message] }]);
      else message.error({ content: err.message, duration: 3 });
    },
  });
  const fields: FieldSpec[] = [
    { name: 'name', label: t('company.name') },
    { name: 'creditCode', label: t('company.creditCode'), help: t('company.creditCodeHelp') },
    { name: 'legalPerson', label: t('company.legalPerson') },
    { name: 'address', label: t('company.address') },
    { name: 'contactName', label: t('company.contactName') },
    { name: 'contactPhone', label: t('company.contactPhone') },
    { name: 'email', label: t('company.email') },
    { name: 'logoUrl', label: t('company.logo'), kind: 'image' },
    { name: 'mainBusiness', label: t('company.mainBusiness'), kind: 'textarea', wide: true },
    { name: 'introduction', label: t('company.introduction'), kind: 'textarea', wide: true },
  ];
  return (
    <Card title={t('company.title')}>
      <QueryState query={profile}>
        {(data) => (
          <Form
            form={form}
            name="company-profile"
            layout="vertical"
            style={{ maxWidth: 900 }}
            initialValues={data}
            onFinish={(v: CompanyProfileBody) => save.mutate({ ...withoutEmptyInputs(v), id: data.id })}
          >
            <Row gutter={16}>
              {fields.map((field) => {
                const schema = fieldSchema(companyProfileBodySchema, field.name);
                return (
                  <Col key={field.name} span={field.wide ? 24 : 12}>
                    <Form.Item
                      name={field.name}
                      label={field.label}
                      extra={field.help}
                      required={isRequired(schema)}
                      rules={[contractRule(schema, i18n.language as Lang)]}
                    >
                      <FieldInput field={field} />
                    </Form.Item>
                  </Col>
                );
              })}
            </Row>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {t('company.save')}
            </Button>
          </Form>
        )}
      </QueryState>
    </Card>
  );
}

/** Company centre · the suppliers that may bid on this company's tenders (the checkRelation list), and the applications to join it. */
export function SuppliersPage() {
  const { t } = useTranslation('admin');
  return (
    <>
      <SupplierApplications supplierListKey={['resource', suppliersResource.name]} />
      <ResourcePage<SupplierRow>
        resource={suppliersResource}
        noun={t('suppliers.noun')}
        searchFields={[{ name: 'keyword', label: t('suppliers.keyword') }]}
        columns={[
          { title: t('suppliers.account'), dataIndex: 'account' },
          { title: t('suppliers.nickName'), dataIndex: 'nickName' },
          { title: t('suppliers.companyName'), dataIndex: 'companyName' },
          { title: t('suppliers.remark'), dataIndex: 'remark' },
          { title: t('suppliers.addedAt'), dataIndex: 'addedAt', className: 'tabular', render: (v: string) => formatTime(v) },
        ]}
        createFields={[
          { name: 'account', label: t('suppliers.account'), help: t('suppliers.accountHelp') },
          { name: 'remark', label: t('suppliers.remark'), kind: 'textarea', wide: true },
        ]}
        editFields={[{ name: 'remark', label: t('suppliers.remark'), kind: 'textarea', wide: true }]}
      />
    </>
  );
}
