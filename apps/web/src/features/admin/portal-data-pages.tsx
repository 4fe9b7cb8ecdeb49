import { PlusOutlined } from '@ant-design/icons';
import { Button, Image, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  AGREEMENT_KINDS,
  agreementsResource,
  enterprisesResource,
  marketsResource,
  priceIndicesResource,
  recommendedShopsResource,
  shopOptionsEndpoint,
  varietiesResource,
  type AgreementRow,
  type EnterpriseRow,
  type MarketRow,
  type PriceIndexRow,
  type RecommendedShopRow,
  type VarietyRow,
} from '@portal/contracts/admin-content';
import { CURRENCIES } from '@portal/contracts/constants';
import { call } from '../../api/client';
import { usePermission } from '../../shared/permission';
import { ResourcePage } from '../../shared/resource/resource-page';
import { treeOf } from '../../shared/resource/tree';
import { formatTime } from './format';

const logo = (url: string) => (url ? <Image src={url} alt="" width={64} height={40} style={{ objectFit: 'contain' }} /> : null);
const change = (v: number) => (
  <span className="tabular" style={{ color: v > 0 ? '#cf1322' : v < 0 ? '#389e0d' : undefined }}>
    {v > 0 ? '↑' : v < 0 ? '↓' : ''}
    {Math.abs(v).toFixed(2)}%
  </span>
);

/** Portal data · member enterprises and their rich-text introductions. */
export function EnterprisesPage() {
  const { t } = useTranslation('admin');
  return (
    <ResourcePage<EnterpriseRow>
      resource={enterprisesResource}
      noun={t('enterprises.noun')}
      formColumns={2}
      searchFields={[{ name: 'keyword', label: t('enterprises.name') }]}
      columns={[
        { title: t('enterprises.logo'), dataIndex: 'logo', render: logo },
        { title: t('enterprises.name'), dataIndex: 'name' },
        { title: t('enterprises.mainBusiness'), dataIndex: 'mainBusiness', ellipsis: true, width: 280 },
        { title: t('enterprises.sort'), dataIndex: 'sort', align: 'right' },
      ]}
      createFields={[
        { name: 'name', label: t('enterprises.name') },
        { name: 'sort', label: t('enterprises.sort'), kind: 'number' },
        { name: 'logo', label: t('enterprises.logo'), kind: 'image' },
        { name: 'mainBusiness', label: t('enterprises.mainBusiness'), kind: 'textarea' },
        { name: 'html', label: t('enterprises.introduce'), kind: 'richText', wide: true },
      ]}
      createDefaults={{ sort: 0 }}
    />
  );
}

/** Portal data · price indices (two decimals; changes in percent). */
export function PriceIndicesPage() {
  const { t } = useTranslation('admin');
  return (
    <ResourcePage<PriceIndexRow>
      resource={priceIndicesResource}
      noun={t('priceIndices.noun')}
      formColumns={2}
      searchFields={[{ name: 'keyword', label: t('priceIndices.goodsName') }]}
      columns={[
        { title: t('priceIndices.goodsName'), dataIndex: 'goodsName' },
        { title: t('priceIndices.indexDate'), dataIndex: 'indexDate', className: 'tabular' },
        {
          title: t('priceIndices.priceIndex'),
          dataIndex: 'priceIndex',
          align: 'right',
          className: 'tabular',
          render: (v: number) => v.toFixed(2),
        },
        { title: t('priceIndices.dayChange'), dataIndex: 'dayChange', align: 'right', render: change },
        { title: t('priceIndices.monthChange'), dataIndex: 'monthChange', align: 'right', render: change },
        { title: t('priceIndices.yearChange'), dataIndex: 'yearChange', align: 'right', render: change },
      ]}
      createFields={[
        { name: 'goodsName', label: t('priceIndices.goodsName') },
        { name: 'indexDate', label: t('priceIndices.indexDate'), placeholder: 'YYYY-MM-DD' },
        { name: 'priceIndex', label: t('priceIndices.priceIndex'), kind: 'number', precision: 2 },
        { name: 'sort', label: t('priceIndices.sort'), kind: 'number' },
        { name: 'dayChange', label: t('priceIndices.dayChange'), kind: 'number', precision: 2 },
        { name: 'monthChange', label: t('priceIndices.monthChange'), kind: 'number', precision: 2 },
        { name: 'yearChange', label: t('priceIndices.yearChange'), kind: 'number', precision: 2 },
      ]}
      createDefaults={{ indexDate: new Date().toISOString().slice(0, 10), dayChange: 0, monthChange: 0, yearChange: 0, sort: 0 }}
    />
  );
}

/** Content · the agreements registration shows. */
export function AgreementsPage() {
  const { t } = useTranslation('admin');
  const kinds = AGREEMENT_KINDS.map((value) => ({ value, label: t(`agreements.kinds.${value}`) }));
  return (
    <ResourcePage<AgreementRow>
      resource={agreementsResource}
      noun={t('agreements.noun')}
      formColumns={2}
      columns={[
        { title: t('agreements.title'), dataIndex: 'title' },
        { title: t('agreements.kind'), dataIndex: 'kind', render: (v: string) => kinds.find((k) => k.value === v)?.label ?? v },
        { title: t('agreements.sort'), dataIndex: 'sort', align: 'right' },
        {
          title: t('agreements.enabled'),
          dataIndex: 'enabled',
          render: (v: boolean) => (v ? <Tag color="success">{t('agreements.shown')}</Tag> : <Tag>{t('agreements.hidden')}</Tag>),
        },
        { title: t('agreements.updatedAt'), dataIndex: 'updatedAt', className: 'tabular', render: (v: string) => formatTime(v) },
      ]}
      createFields={[
        { name: 'title', label: t('agreements.title') },
        { name: 'kind', label: t('agreements.kind'), kind: 'select', options: kinds },
        { name: 'sort', label: t('agreements.sort'), kind: 'number' },
        { name: 'enabled', label: t('agreements.enabled'), kind: 'switch' },
        { name: 'body', label: t('agreements.body'), kind: 'textarea', wide: true, help: t('agreements.bodyHelp') },
      ]}
      createDefaults={{ kind: 'register', sort: 0, enabled: true }}
    />
  );
}

/** Portal data · the suppliers the listing market recommends. */
export function RecommendedShopsPage() {
  const { t } = useTranslation('admin');
  const options = useQuery({
    queryKey: ['resource', recommendedShopsResource.name, 'options'],
    queryFn: () => call(shopOptionsEndpoint, { body: {} }),
  });
  return (
    <ResourcePage<RecommendedShopRow>
      resource={recommendedShopsResource}
      noun={t('shops.noun')}
      searchFields={[{ name: 'keyword', label: t('shops.companyName') }]}
      columns={[
        { title: t('shops.logo'), dataIndex: 'logoUrl', render: logo },
        { title: t('shops.companyName'), dataIndex: 'companyName' },
        { title: t('shops.mainBusiness'), dataIndex: 'mainBusiness', ellipsis: true, width: 280 },
        { title: t('shops.sort'), dataIndex: 'sort', align: 'right' },
      ]}
      createFields={[
        {
          name: 'shopId',
          label: t('shops.shop'),
          kind: 'select',
          options: (options.data ?? []).map((s) => ({ value: s.id, label: s.companyName })),
        },
        { name: 'sort', label: t('shops.sort'), kind: 'number' },
      ]}
      editFields={[{ name: 'sort', label: t('shops.sort'), kind: 'number' }]}
      createDefaults={{ sort: 0 }}
    />
  );
}

/** Portal data · the 3-level variety tree. */
export function VarietiesPage() {
  const { t } = useTranslation('admin');
  const canEdit = usePermission()(varietiesResource.permission.edit);
  const fields = [
    { name: 'shortName', label: t('varieties.shortName') },
    { name: 'unit', label: t('varieties.unit') },
    { name: 'sort', label: t('varieties.sort'), kind: 'number' as const },
  ];
  return (
    <ResourcePage<VarietyRow>
      resource={varietiesResource}
      noun={t('varieties.noun')}
      tree={{ parentOf: (r) => r.parCode }}
      searchFields={[{ name: 'keyword', label: t('varieties.keyword') }]}
      columns={[
        { title: t('varieties.shortName'), dataIndex: 'shortName' },
        { title: t('varieties.code'), dataIndex: 'code' },
        { title: t('varieties.level'), dataIndex: 'level', render: (v: number) => <Tag>{t('varieties.levelN', { level: v })}</Tag> },
        { title: t('varieties.unit'), dataIndex: 'unit' },
        { title: t('varieties.sort'), dataIndex: 'sort', align: 'right' },
      ]}
      createFields={(rows) => [
        { name: 'code', label: t('varieties.code') },
        {
          name: 'parCode',
          label: t('varieties.parent'),
          kind: 'treeSelect',
          help: t('varieties.parentHelp'),
          treeData: treeOf(
            rows.filter((r) => r.level < 3),
            (r) => r.parCode,
            (r) => r.shortName,
          ),
        },
        ...fields,
      ]}
      editFields={[{ name: 'code', label: t('varieties.code'), readOnlyOnEdit: true }, ...fields]}
      createDefaults={{ unit: '吨', sort: 0 }}
      rowActions={(row, api) =>
        canEdit &&
        row.level < 3 && (
          <Button type="link" size="small" icon={<PlusOutlined />} onClick={() => api.openCreate({ parCode: row.code, unit: row.unit })}>
            {t('varieties.addChild')}
          </Button>
        )
      }
    />
  );
}

/** Portal data · markets and the currency each trades in. */
export function MarketsPage() {
  const { t } = useTranslation('admin');
  const fields = [
    { name: 'marketNameZh', label: t('markets.name') },
    { name: 'objMode', label: t('markets.objMode'), kind: 'number' as const, help: t('markets.objModeHelp') },
    { name: 'currency', label: t('markets.currency'), kind: 'select' as const, options: CURRENCIES.map((c) => ({ value: c, label: c })) },
    { name: 'sort', label: t('markets.sort'), kind: 'number' as const },
  ];
  return (
    <ResourcePage<MarketRow>
      resource={marketsResource}
      noun={t('markets.noun')}
      searchFields={[{ name: 'keyword', label: t('markets.keyword') }]}
      columns={[
        { title: t('markets.id'), dataIndex: 'marketId' },
        { title: t('markets.name'), dataIndex: 'marketNameZh' },
        { title: t('markets.objMode'), dataIndex: 'objMode', align: 'right' },
        { title: t('markets.currency'), dataIndex: 'currency' },
        { title: t('markets.sort'), dataIndex: 'sort', align: 'right' },
      ]}
      createFields={[{ name: 'marketId', label: t('markets.id') }, ...fields]}
      editFields={[{ name: 'marketId', label: t('markets.id'), readOnlyOnEdit: true }, ...fields]}
      createDefaults={{ objMode: 1, currency: 'CNY', sort: 0 }}
    />
  );
}
