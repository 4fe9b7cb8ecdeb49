import { useState } from 'react';
import { Card, Input, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { enumLabel } from '@portal/contracts/constants';
import { CONTRACT_LIMITS, CONTRACT_STATES, CONTRACT_STATE_VALUES } from '@portal/contracts/contract-terms';
import type { ContractRow } from '@portal/contracts/contracts';
import { usePaging } from '../../shared/paging';
import { LoadError } from '../../shared/query-state';
import { StateFilter } from '../../shared/state-filter';
import { useLang } from '../../shared/use-lang';
import { useOpenParam } from '../../shared/use-open-param';
import { useContractColumns } from './contract-columns';
import { ContractDrawer } from './contract-drawer';
import { useAdminContracts } from './queries';
import '../../shared/user-centre.css';
import './contracts.css';

const ALL = 'all';

/** 合同监管 (operator): every contract by state and keyword; the detail with its audit trail, read only. */
export function AdminContractsPage() {
  const { t } = useTranslation('contracts');
  const lang = useLang();
  const [state, setState] = useState<string>(ALL);
  const [keyword, setKeyword] = useState('');
  const [contractNo, open] = useOpenParam('contractNo');
  const paging = usePaging(16);
  const body = {
    pageNo: paging.pageNo,
    pageSize: paging.pageSize,
    state: state === ALL ? undefined : Number(state),
    keyword: keyword || undefined,
  };
  const rows = useAdminContracts(body);
  const columns = useContractColumns('admin', open);
  return (
    <Card className="tc-page">
      <div className="tc-toolbar">
        <Input.Search
          allowClear
          aria-label={t('list.keyword')}
          placeholder={t('list.keyword')}
          maxLength={CONTRACT_LIMITS.keywordMax}
          style={{ maxWidth: 320 }}
          onSearch={(v) => {
            setKeyword(v.trim());
            paging.reset();
          }}
        />
      </div>
      <StateFilter
        label={t('tabs.label')}
        activeKey={state}
        onChange={(key) => {
          setState(key);
          paging.reset();
        }}
        items={[
          { key: ALL, label: t('all') },
          ...CONTRACT_STATE_VALUES.map((s) => ({ key: String(s), label: enumLabel(CONTRACT_STATES, s, lang) })),
        ]}
      />
      {rows.isError ? (
        <LoadError error={rows.error} onRetry={() => void rows.refetch()} />
      ) : (
        <Table<ContractRow>
          size="middle"
          rowKey="contractNo"
          loading={rows.isFetching && !rows.data}
          dataSource={rows.data?.items}
          pagination={paging.pagination(rows.data?.totalItem)}
          scroll={rows.data?.items.length ? { x: 1400 } : undefined}
          locale={{ emptyText: t('list.emptyAdmin') }}
          columns={columns}
        />
      )}
      <ContractDrawer contractNo={contractNo} reader="admin" onClose={() => open(null)} />
    </Card>
  );
}
