import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { LOGIN_RESULTS, loginLogListing, type LoginLogRow } from '@portal/contracts/admin';
import { ResourcePage } from '../../shared/resource/resource-page';
import { formatTime } from './format';

/** System management · sign-in log: every sign-in, failure and sign-out with address and time. */
export function LoginLogPage() {
  const { t } = useTranslation('admin');
  const results = t('loginLog.results', { returnObjects: true }) as Record<string, string>;
  return (
    <ResourcePage<LoginLogRow>
      resource={loginLogListing}
      noun={t('loginLog.noun')}
      searchFields={[
        { name: 'account', label: t('loginLog.account') },
        { name: 'ip', label: t('loginLog.ip') },
        {
          name: 'kind',
          label: t('loginLog.kind'),
          kind: 'select',
          options: [
            { value: 'login', label: t('loginLog.kinds.login') },
            { value: 'logout', label: t('loginLog.kinds.logout') },
          ],
        },
        {
          name: 'result',
          label: t('loginLog.result'),
          kind: 'select',
          options: LOGIN_RESULTS.map((value) => ({ value, label: results[value] ?? value })),
        },
        { name: 'range', label: t('loginLog.time'), kind: 'dateRange', rangeNames: ['from', 'to'] },
      ]}
      columns={[
        { title: t('loginLog.time'), dataIndex: 'at', className: 'tabular', render: (v: string) => formatTime(v) },
        { title: t('loginLog.account'), dataIndex: 'account' },
        {
          title: t('loginLog.kind'),
          dataIndex: 'kind',
          render: (v: string) => (v === 'logout' ? t('loginLog.kinds.logout') : t('loginLog.kinds.login')),
        },
        {
          title: t('loginLog.result'),
          dataIndex: 'result',
          render: (v: string) => <Tag color={v === 'success' ? 'success' : 'error'}>{results[v] ?? v}</Tag>,
        },
        { title: t('loginLog.ip'), dataIndex: 'ip', className: 'tabular' },
      ]}
    />
  );
}
