import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Tenant } from '@portal/contracts/account';

/** The tenant choice of the password form (tenant mode only, so loaded only then). */
export function TenantField({ tenants, loading }: { tenants: Tenant[]; loading: boolean }) {
  const { t } = useTranslation('login');
  return (
    <Form.Item name="tenantId" label={t('tenant')} rules={[{ required: true, message: t('tenantRequired') }]}>
      <Select
        placeholder={t('tenantPlaceholder')}
        loading={loading}
        options={tenants.map((row) => ({ value: row.tenant_id, label: row.tenant_name }))}
      />
    </Form.Item>
  );
}
