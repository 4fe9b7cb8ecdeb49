import { Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { operationLogListing, type OperationLogRow } from '@portal/contracts/admin';
import { ResourcePage } from '../../shared/resource/resource-page';
import { diffRecords, formatTime, recordName } from './format';
import './admin.css';

/** The values a write changed, before and after, with the changed fields marked. */
function RecordDiff({ row }: { row: OperationLogRow }) {
  const { t } = useTranslation('admin');
  const rows = diffRecords(row.before, row.after);
  return (
    <Table
      size="small"
      rowKey="key"
      pagination={false}
      dataSource={rows}
      rowClassName={(r) => (r.changed ? 'oplog-changed' : '')}
      columns={[
        { title: t('oplog.field'), dataIndex: 'key', width: 180 },
        { title: t('oplog.before'), dataIndex: 'before', render: (v: string) => <code className="resource-json">{v}</code> },
        {
          title: t('oplog.after'),
          dataIndex: 'after',
          render: (v: string, r) => (
            <>
              <code className="resource-json">{v}</code> {r.changed && <Tag color="orange">{t('oplog.changed')}</Tag>}
            </>
          ),
        },
      ]}
    />
  );
}

/** System management · operation log: every back-office write, who, when, what, before and after. */
export function OperationLogPage() {
  const { t } = useTranslation('admin');
  const resources = t('oplog.resources', { returnObjects: true }) as Record<string, string>;
  const actions = t('oplog.actions', { returnObjects: true }) as Record<string, string>;
  return (
    <ResourcePage<OperationLogRow>
      resource={operationLogListing}
      noun={t('oplog.noun')}
      searchFields={[
        { name: 'account', label: t('oplog.account') },
        {
          name: 'resource',
          label: t('oplog.resource'),
          kind: 'select',
          options: Object.entries(resources).map(([value, label]) => ({ value, label })),
        },
        {
          name: 'action',
          label: t('oplog.action'),
          kind: 'select',
          options: Object.entries(actions).map(([value, label]) => ({ value, label })),
        },
        { name: 'recordId', label: t('oplog.recordId') },
        { name: 'range', label: t('oplog.time'), kind: 'dateRange', rangeNames: ['from', 'to'] },
      ]}
      columns={[
        { title: t('oplog.time'), dataIndex: 'at', className: 'tabular', render: (v: string) => formatTime(v) },
        { title: t('oplog.account'), dataIndex: 'account' },
        { title: t('oplog.resource'), dataIndex: 'resource', render: (v: string) => resources[v] ?? v },
        { title: t('oplog.action'), dataIndex: 'action', render: (v: string) => <Tag>{actions[v] ?? v}</Tag> },
        { title: t('oplog.record'), key: 'record', render: (_, row) => recordName(row.before, row.after) },
        { title: t('oplog.recordId'), dataIndex: 'recordId' },
        { title: t('oplog.ip'), dataIndex: 'ip', className: 'tabular' },
      ]}
      expandable={{ expandedRowRender: (row) => <RecordDiff row={row} />, rowExpandable: (row) => Boolean(row.before || row.after) }}
    />
  );
}
