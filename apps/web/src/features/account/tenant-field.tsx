import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Tenant } from '@portal/contracts/account';
import { LoginField, fieldAria } from './login-field';

/** The tenant choice of the password form (tenant mode only, so loaded only then). */
export function TenantField({
  tenants,
  loading,
  value,
  error,
  onChange,
}: {
  tenants: Tenant[];
  loading: boolean;
  value: string | undefined;
  error?: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation('login');
  return (
    <LoginField id="tenantId" label={t('tenant')} labelFor="tenantId" error={error}>
      <Select
        {...fieldAria('tenantId', error)}
        size="large"
        status={error ? 'error' : undefined}
        value={value}
        onChange={onChange}
        placeholder={t('tenantPlaceholder')}
        loading={loading}
        options={tenants.map((row) => ({ value: row.tenant_id, label: row.tenant_name }))}
      />
    </LoginField>
  );
}
