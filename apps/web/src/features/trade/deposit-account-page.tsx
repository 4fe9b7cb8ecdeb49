import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CURRENCIES, type Currency } from '@portal/contracts/constants';
import type { DepositAccount } from '@portal/contracts/deposits';
import { depositRoutes } from '@portal/contracts/routes/deposits';
import { call } from '../../api/client';
import { EmptyState, LoadError, QueryState } from '../../shared/query-state';
import { TRADE_KEYS } from '../../shared/trade-query-keys';
import { LedgerTable } from './deposit-ledger';
import { Money } from '../../shared/money';
import { usePaging } from '../../shared/paging';
import '../../shared/user-centre.css';

function AccountCard({ account }: { account: DepositAccount }) {
  const { t } = useTranslation('trade');
  return (
    <Card size="small" title={account.currency} data-testid={`deposit-account-${account.currency}`}>
      <div className="tc-account-row">
        <span className="tc-muted">{t('deposit.available')}</span>
        <span className="tc-account-figure" data-testid="deposit-available">
          <Money cents={account.available} currency={account.currency} />
        </span>
      </div>
      <div className="tc-account-row">
        <span className="tc-muted">{t('deposit.balance')}</span>
        <span data-testid="deposit-balance">
          <Money cents={account.balance} currency={account.currency} />
        </span>
      </div>
      <div className="tc-account-row">
        <span className="tc-muted">{t('deposit.frozen')}</span>
        <span data-testid="deposit-frozen">
          <Money cents={account.frozen} currency={account.currency} />
        </span>
      </div>
    </Card>
  );
}

/** 保证金账户: the company's accounts per currency and its ledger. */
export function DepositAccountPage() {
  const { t } = useTranslation('trade');
  // A message about a deposit move links here with its currency.
  const [params] = useSearchParams();
  const linked = params.get('currency');
  const [currency, setCurrency] = useState<Currency | undefined>(
    (CURRENCIES as readonly string[]).includes(linked ?? '') ? (linked as Currency) : undefined,
  );
  const paging = usePaging();
  const accounts = useQuery({ queryKey: [...TRADE_KEYS.deposits, 'account'], queryFn: () => call(depositRoutes.account) });
  const body = { pageNo: paging.pageNo, pageSize: paging.pageSize, currency };
  const entries = useQuery({
    queryKey: [...TRADE_KEYS.deposits, 'entries', body],
    queryFn: () => call(depositRoutes.entries, { body }),
    placeholderData: keepPreviousData,
  });
  return (
    <div className="tc-page">
      <Card title={t('deposit.accounts')}>
        <QueryState query={accounts} isEmpty={(rows) => rows.length === 0} empty={<EmptyState text={t('deposit.noAccount')} />}>
          {(rows) => (
            <div className="tc-accounts">
              {rows.map((a) => (
                <AccountCard key={a.currency} account={a} />
              ))}
            </div>
          )}
        </QueryState>
      </Card>
      <Card
        title={t('deposit.ledger')}
        extra={
          <Space>
            <label htmlFor="ledger-currency" className="tc-muted">
              {t('deposit.currency')}
            </label>
            <Select
              id="ledger-currency"
              allowClear
              style={{ minWidth: 120 }}
              placeholder={t('deposit.allCurrencies')}
              value={currency}
              onChange={(v?: Currency) => {
                setCurrency(v);
                paging.reset();
              }}
              options={(accounts.data ?? []).map((a) => ({ value: a.currency as Currency, label: a.currency }))}
            />
          </Space>
        }
      >
        {entries.isError ? (
          <LoadError error={entries.error} onRetry={() => void entries.refetch()} />
        ) : (
          <LedgerTable rows={entries.data?.items} loading={entries.isFetching} pagination={paging.pagination(entries.data?.totalItem)} />
        )}
      </Card>
    </div>
  );
}
