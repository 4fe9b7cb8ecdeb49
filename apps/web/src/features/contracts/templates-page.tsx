import { useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Collapse, Descriptions, Drawer, Skeleton, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { enumLabel } from '@portal/contracts/constants';
import { CONTRACT_ORIGIN_LABELS } from '@portal/contracts/contract-terms';
import type { ContractTemplateDetail, ContractTemplateRow } from '@portal/contracts/contracts';
import { ApiError } from '../../api/client';
import { useFeedback } from '../../shared/feedback';
import { formatDateTime } from '../../shared/format';
import { usePaging } from '../../shared/paging';
import { LoadError } from '../../shared/query-state';
import { RichText } from '../../shared/rich-text';
import { useLang } from '../../shared/use-lang';
import { TemplateForm } from './template-form';
import { useActivateTemplate, useSigningSettings, useTemplate, useTemplates } from './template-queries';
import '../../shared/user-centre.css';
import './contracts.css';

/** A template's versions, newest first, each readable in full. */
function TemplateDetail({ template, onNewVersion }: { template: ContractTemplateDetail; onNewVersion: () => void }) {
  const { t } = useTranslation('contracts');
  const lang = useLang();
  const { t: tc } = useTranslation();
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, md: 2 }}
        items={[
          { key: 'code', label: t('admin.templateCode'), children: <span className="tc-num">{template.code}</span> },
          { key: 'origin', label: t('admin.origin'), children: enumLabel(CONTRACT_ORIGIN_LABELS, template.origin, lang) },
          { key: 'lang', label: t('admin.lang'), children: tc(`languages.${template.lang}`) },
          {
            key: 'state',
            label: t('list.state'),
            children: template.active ? <Tag color="green">{t('admin.active')}</Tag> : <Tag>{t('admin.inactive')}</Tag>,
          },
        ]}
      />
      <Button type="primary" onClick={onNewVersion} data-testid="template-new-version">
        {t('admin.newVersion')}
      </Button>
      <Collapse
        defaultActiveKey={[String(template.versions[0]?.version ?? '')]}
        items={template.versions.map((v) => ({
          key: String(v.version),
          label: (
            <span>
              {t('admin.versionNo', { version: v.version })} · <span className="tc-num">{formatDateTime(v.createdAt)}</span> · {v.createdBy}{' '}
              · {t('admin.contractCount', { count: v.contractCount })}
              {v.note ? ` · ${v.note}` : ''}
            </span>
          ),
          children: (
            <>
              <RichText html={v.body} />
              {v.clauses ? <RichText html={v.clauses} /> : null}
            </>
          ),
        }))}
      />
    </Space>
  );
}

/** 合同模板 (operator): the templates, each market's active one, and their versions. */
export function ContractTemplatesPage() {
  const { t } = useTranslation('contracts');
  const lang = useLang();
  const { message, modal } = useFeedback();
  const paging = usePaging(10);
  const rows = useTemplates(paging.pageNo, paging.pageSize);
  const markets = useSigningSettings();
  const [openId, setOpenId] = useState<string | null>(null);
  const [editing, setEditing] = useState<'create' | 'version' | null>(null);
  const detail = useTemplate(openId);
  const activate = useActivateTemplate({
    onSuccess: () => message.success(t('admin.activated')),
    onError: (error) => message.error(error instanceof ApiError && error.message ? error.message : t('failed')),
  });
  const marketName = (id: string) => (id ? (markets.data?.find((m) => m.marketId === id)?.marketName ?? id) : t('admin.allMarkets'));
  const askActivate = (row: ContractTemplateRow) =>
    modal.confirm({
      title: t('admin.activate'),
      content: t('admin.activateText', { name: row.name }),
      okText: t('admin.activate'),
      cancelText: t('cancel'),
      onOk: () => activate.mutateAsync(row.templateId).catch(() => undefined),
    });
  return (
    <Card className="tc-page">
      <div className="tc-toolbar">
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing('create')} data-testid="template-create">
          {t('admin.create')}
        </Button>
      </div>
      {rows.isError ? (
        <LoadError error={rows.error} onRetry={() => void rows.refetch()} />
      ) : (
        <Table<ContractTemplateRow>
          size="middle"
          rowKey="templateId"
          loading={rows.isFetching && !rows.data}
          dataSource={rows.data?.items}
          pagination={paging.pagination(rows.data?.totalItem)}
          scroll={rows.data?.items.length ? { x: 1100 } : undefined}
          locale={{ emptyText: t('admin.emptyTemplates') }}
          columns={[
            { title: t('admin.templateName'), dataIndex: 'name', ellipsis: true },
            { title: t('admin.templateCode'), dataIndex: 'code', width: 150, className: 'tc-num' },
            { title: t('admin.origin'), width: 110, render: (_: unknown, r) => enumLabel(CONTRACT_ORIGIN_LABELS, r.origin, lang) },
            { title: t('admin.market'), width: 220, ellipsis: true, render: (_: unknown, r) => marketName(r.marketId) },
            { title: t('admin.version'), width: 90, align: 'right' as const, render: (_: unknown, r) => `v${r.version}` },
            {
              title: t('list.state'),
              width: 100,
              render: (_: unknown, r) => (r.active ? <Tag color="green">{t('admin.active')}</Tag> : <Tag>{t('admin.inactive')}</Tag>),
            },
            { title: t('admin.updatedAt'), width: 140, className: 'tc-num', render: (_: unknown, r) => formatDateTime(r.updatedAt) },
            {
              title: t('actions'),
              key: 'actions',
              width: 180,
              fixed: 'right' as const,
              render: (_: unknown, r) => (
                <Space size={0} wrap>
                  <Button type="link" size="small" onClick={() => setOpenId(r.templateId)}>
                    {t('admin.view')}
                  </Button>
                  {r.active ? null : (
                    <Button type="link" size="small" onClick={() => askActivate(r)}>
                      {t('admin.activate')}
                    </Button>
                  )}
                </Space>
              ),
            },
          ]}
        />
      )}
      <Drawer open={Boolean(openId)} size="large" title={detail.data?.name ?? t('admin.templates')} onClose={() => setOpenId(null)}>
        {detail.isPending ? (
          <Skeleton active paragraph={{ rows: 8 }} />
        ) : detail.isError ? (
          <LoadError error={detail.error} onRetry={() => void detail.refetch()} />
        ) : (
          <TemplateDetail template={detail.data} onNewVersion={() => setEditing('version')} />
        )}
      </Drawer>
      {editing ? (
        <TemplateForm
          template={editing === 'version' ? (detail.data ?? null) : null}
          markets={markets.data ?? []}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Card>
  );
}
