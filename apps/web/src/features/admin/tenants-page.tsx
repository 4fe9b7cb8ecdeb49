import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { tenantsResource, type TenantRow } from '@portal/contracts/admin';
import { ResourcePage } from '../../shared/resource/resource-page';
import { useSettings } from '../../shared/settings';

/** System management · tenants: a small page description over the shared resource pattern. */
export function TenantsPage() {
  const { t } = useTranslation('admin');
  const { tenantMode } = useSettings();
  return (
    <>
      {!tenantMode && <Alert type="info" showIcon message={t('tenants.modeOff')} style={{ marginBottom: 12 }} />}
      <ResourcePage<TenantRow>
        resource={tenantsResource}
        noun={t('tenants.noun')}
        searchFields={[{ name: 'tenant_name', label: t('tenants.tenantName') }]}
        columns={[
          { title: t('tenants.tenantId'), dataIndex: 'tenant_id' },
          { title: t('tenants.tenantName'), dataIndex: 'tenant_name' },
          { title: t('tenants.kindCode'), dataIndex: 'kind_code' },
          { title: t('tenants.userCount'), dataIndex: 'userCount', align: 'right' },
        ]}
        createFields={[
          { name: 'tenant_id', label: t('tenants.tenantId') },
          { name: 'tenant_name', label: t('tenants.tenantName') },
          { name: 'kind_code', label: t('tenants.kindCode') },
        ]}
        editFields={[
          { name: 'tenant_id', label: t('tenants.tenantId'), readOnlyOnEdit: true },
          { name: 'tenant_name', label: t('tenants.tenantName') },
          { name: 'kind_code', label: t('tenants.kindCode') },
        ]}
      />
    </>
  );
}
