import { useState } from 'react';
import { Button, Select, Space, Table, Tag } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PriceIndexDay } from '@portal/contracts/price-index';
import { priceIndexRoutes as ep } from '@portal/contracts/routes/price-index';
import { call } from '../../api/client';
import { useFeedback } from '../../shared/feedback';
import { ReasonDialog } from '../../shared/reason-dialog';
import { useLang } from '../../shared/use-lang';
import { usePriceIndexList } from './queries';
import { volumeText, yuan } from './ranges';
import { PRICE_TEXTS } from './texts';

type Act = { kind: 'annotate' | 'withhold' | 'release'; day: PriceIndexDay };
const PAGE_SIZE = 20;

/**
 * Operators · the published deal price index: one index's days, newest first, each with its
 * counts; an operator annotates a value or withholds it with a reason (and publishes it again).
 * The value itself is never edited; every step lands in the operation log.
 */
export function PublicationsPage() {
  const texts = PRICE_TEXTS[useLang()];
  const feedback = useFeedback();
  const client = useQueryClient();
  const list = usePriceIndexList();
  const [chosen, setChosen] = useState<string | null>(null);
  const [pageNo, setPageNo] = useState(1);
  const [act, setAct] = useState<Act | null>(null);
  const entries = list.data ?? [];
  const key = chosen ?? (entries[0] ? `${entries[0].varietyCode}|${entries[0].marketCode}` : '');
  const [varietyCode = '', marketCode = ''] = key.split('|');
  const days = useQuery({
    queryKey: ['price-index', 'operator', key, pageNo],
    queryFn: () => call(ep.operatorDays, { body: { varietyCode, ...(marketCode ? { marketCode } : {}), pageNo, pageSize: PAGE_SIZE } }),
    enabled: varietyCode !== '',
  });
  const save = useMutation({
    mutationFn: async ({ a, text }: { a: Act; text: string }) => {
      const where = { varietyCode, ...(marketCode ? { marketCode } : {}), date: a.day.date };
      if (a.kind === 'annotate') return call(ep.annotate, { body: { ...where, note: text } });
      return call(ep.withhold, { body: { ...where, reason: text, withhold: a.kind === 'withhold' } });
    },
    onSuccess: async () => {
      feedback.message.success(texts.operator.saved);
      setAct(null);
      await client.invalidateQueries({ queryKey: ['price-index'] });
    },
    onError: (err) => feedback.message.error(err.message),
  });

  return (
    <div className="page-body">
      <Space wrap style={{ marginBottom: 16 }}>
        <label htmlFor="price-index-choice">{texts.variety}</label>
        <Select
          id="price-index-choice"
          style={{ minWidth: 260 }}
          value={key || undefined}
          loading={list.isPending}
          onChange={(v: string) => {
            setChosen(v);
            setPageNo(1);
          }}
          options={entries.map((e) => ({
            value: `${e.varietyCode}|${e.marketCode}`,
            label: `${e.varietyName} · ${e.marketName || texts.allMarkets}`,
          }))}
        />
      </Space>
      <Table<PriceIndexDay>
        rowKey="date"
        size="small"
        loading={days.isPending && varietyCode !== ''}
        dataSource={days.data?.rows ?? []}
        pagination={{ current: pageNo, pageSize: PAGE_SIZE, total: days.data?.total ?? 0, onChange: setPageNo, showSizeChanger: false }}
        scroll={{ x: 900 }}
        columns={[
          { title: texts.date, dataIndex: 'date', className: 'tabular' },
          { title: texts.index, dataIndex: 'index', align: 'right', className: 'tabular', render: (v: number | null) => yuan(v) },
          { title: texts.volume, dataIndex: 'volume', align: 'right', className: 'tabular', render: (v: number) => volumeText(v) },
          { title: texts.samples, dataIndex: 'samples', align: 'right', className: 'tabular' },
          { title: texts.removed, dataIndex: 'removed', align: 'right', className: 'tabular' },
          {
            title: texts.mark,
            key: 'mark',
            render: (_: unknown, d: PriceIndexDay) => (
              <Space wrap size={4}>
                {d.withheld ? <Tag color="red">{texts.withheld}</Tag> : null}
                {d.carried ? <Tag>{texts.carried}</Tag> : null}
                {d.note ? <span>{d.note}</span> : null}
              </Space>
            ),
          },
          {
            title: texts.operator.actions,
            key: 'actions',
            render: (_: unknown, d: PriceIndexDay) => (
              <Space size={4}>
                <Button size="small" onClick={() => setAct({ kind: 'annotate', day: d })}>
                  {texts.operator.annotate}
                </Button>
                <Button size="small" danger={!d.withheld} onClick={() => setAct({ kind: d.withheld ? 'release' : 'withhold', day: d })}>
                  {d.withheld ? texts.operator.release : texts.operator.withhold}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      {act ? (
        <ReasonDialog
          title={`${texts.operator[act.kind]} · ${act.day.date}`}
          label={act.kind === 'annotate' ? texts.operator.note : texts.operator.reason}
          okText={texts.operator[act.kind]}
          max={200}
          danger={act.kind === 'withhold'}
          busy={save.isPending}
          onOk={(text) => save.mutate({ a: act, text })}
          onCancel={() => setAct(null)}
        />
      ) : null}
    </div>
  );
}
