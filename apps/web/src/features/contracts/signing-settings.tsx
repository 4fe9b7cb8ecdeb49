import { useState } from 'react';
import { Button, Card, InputNumber, Switch, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CONTRACT_LIMITS } from '@portal/contracts/contract-terms';
import type { ContractMarketSetting } from '@portal/contracts/contracts';
import { ApiError } from '../../api/client';
import { useFeedback } from '../../shared/feedback';
import { LoadError } from '../../shared/query-state';
import { useSaveSetting, useSigningSettings } from './template-queries';
import '../../shared/user-centre.css';

type Draft = { signingRequired: boolean; signingHours: number | null };

/** 合同签署设置 (operator): per market, the signing deadline and whether payment waits for the signed contract. */
export function SigningSettingsPage() {
  const { t } = useTranslation('contracts');
  const { message } = useFeedback();
  const settings = useSigningSettings();
  // What the operator changed and has not saved yet, by market.
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const save = useSaveSetting({
    onSuccess: (marketId) => {
      message.success(t('admin.saved'));
      setDrafts(({ [marketId]: _saved, ...rest }) => rest);
    },
    onError: (error) => message.error(error instanceof ApiError && error.message ? error.message : t('failed')),
  });
  const draftOf = (s: ContractMarketSetting): Draft => drafts[s.marketId] ?? s;
  const edit = (s: ContractMarketSetting, change: Partial<Draft>) =>
    setDrafts((d) => ({ ...d, [s.marketId]: { ...draftOf(s), ...change } }));
  return (
    <Card className="tc-page">
      <Typography.Paragraph type="secondary">{t('admin.settingsIntro')}</Typography.Paragraph>
      {settings.isError ? (
        <LoadError error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <Table<ContractMarketSetting>
          size="small"
          rowKey="marketId"
          loading={settings.isPending}
          dataSource={settings.data}
          pagination={false}
          scroll={settings.data?.length ? { x: 560 } : undefined}
          locale={{ emptyText: t('admin.emptySettings') }}
          columns={[
            { title: t('admin.marketName'), render: (_: unknown, s) => s.marketName || t('admin.allMarkets') },
            {
              title: t('admin.signingRequired'),
              width: 160,
              render: (_: unknown, s) => (
                <Switch
                  checked={draftOf(s).signingRequired}
                  onChange={(v) => edit(s, { signingRequired: v })}
                  aria-label={`${s.marketName || t('admin.allMarkets')} ${t('admin.signingRequired')}`}
                />
              ),
            },
            {
              title: t('admin.signingHours'),
              width: 180,
              render: (_: unknown, s) => (
                <InputNumber
                  min={CONTRACT_LIMITS.signingHoursMin}
                  max={CONTRACT_LIMITS.signingHoursMax}
                  precision={0}
                  value={draftOf(s).signingHours}
                  onChange={(v) => edit(s, { signingHours: v })}
                  aria-label={`${s.marketName || t('admin.allMarkets')} ${t('admin.signingHours')}`}
                />
              ),
            },
            {
              title: t('actions'),
              width: 96,
              render: (_: unknown, s) => {
                const d = drafts[s.marketId];
                return (
                  <Button
                    size="small"
                    type="link"
                    disabled={!d || d.signingHours === null}
                    loading={save.isPending && save.variables?.marketId === s.marketId}
                    onClick={() =>
                      d && save.mutate({ marketId: s.marketId, signingRequired: d.signingRequired, signingHours: d.signingHours ?? 0 })
                    }
                  >
                    {t('admin.save')}
                  </Button>
                );
              },
            },
          ]}
        />
      )}
    </Card>
  );
}
