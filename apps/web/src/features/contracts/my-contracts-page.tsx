import { useState } from 'react';
import { Badge, Card, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { enumLabel } from '@portal/contracts/constants';
import { CONTRACT_FILTERS, CONTRACT_FILTER_LABELS } from '@portal/contracts/contract-terms';
import type { ContractFilter, ContractRow } from '@portal/contracts/contracts';
import { usePaging } from '../../shared/paging';
import { LoadError } from '../../shared/query-state';
import { StateFilter } from '../../shared/state-filter';
import { useLang } from '../../shared/use-lang';
import { useOpenParam } from '../../shared/use-open-param';
import { useContractColumns } from './contract-columns';
import { ContractDrawer } from './contract-drawer';
import { useMyContracts } from './queries';
import '../../shared/user-centre.css';
import './contracts.css';

/** The tabs of my contracts with the count of each; the first tab is what waits for the reader. */
export function ContractTabs({
  active,
  counts,
  onChange,
}: {
  active: ContractFilter;
  counts: Record<string, number>;
  onChange: (filter: ContractFilter) => void;
}) {
  const { t } = useTranslation('contracts');
  const lang = useLang();
  return (
    <StateFilter
      label={t('tabs.label')}
      activeKey={active}
      onChange={(key) => onChange(key as ContractFilter)}
      items={CONTRACT_FILTERS.map((f) => ({
        key: f,
        label: (
          <span data-testid={`contract-tab-${f}`}>
            {enumLabel(CONTRACT_FILTER_LABELS, f, lang)}{' '}
            <Badge count={counts[f] ?? 0} showZero color={counts[f] ? undefined : '#8c8c8c'} overflowCount={999} />
          </span>
        ),
      }))}
    />
  );
}

/**
 * 我的合同: the company's contracts as buyer and as seller, by where they stand for the reader;
 * opening one shows its PDF and lets the reader sign or decline it.
 */
export function MyContractsPage() {
  const { t } = useTranslation('contracts');
  const [filter, setFilter] = useState<ContractFilter>('toSign');
  const [contractNo, open] = useOpenParam('contractNo');
  const paging = usePaging(8);
  const body = { pageNo: paging.pageNo, pageSize: paging.pageSize, filter };
  const rows = useMyContracts(body);
  const columns = useContractColumns('party', open);
  return (
    <Card className="tc-page">
      <ContractTabs
        active={filter}
        counts={rows.data?.counts ?? {}}
        onChange={(next) => {
          setFilter(next);
          paging.reset();
        }}
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
          // Fits beside the sidebar on a 1440 px screen; narrower screens scroll sideways.
          scroll={rows.data?.items.length ? { x: 1080 } : undefined}
          locale={{ emptyText: t(filter === 'toSign' ? 'list.emptyToSign' : 'list.empty') }}
          columns={columns}
        />
      )}
      <ContractDrawer contractNo={contractNo} reader="party" onClose={() => open(null)} />
    </Card>
  );
}
