import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Col, Form, Input, InputNumber, Modal, Radio, Row, Select, Space, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { CURRENCIES, HOLD_BS, LISTING_TYPES, PAYMENT_TYPES, TRANSPORT_WAYS } from '@portal/contracts/constants';
import { DEFAULT_DEPOSIT_RATIO, enumValues } from '@portal/contracts/trade-constants';
import { LISTING_LIMITS, type ListingSaveBody, type ManagedListing } from '@portal/contracts/listing-manage';
import { commtradeRoutes } from '@portal/contracts/routes/commtrade';
import { listingManageRoutes } from '@portal/contracts/routes/listing-manage';
import { ApiError, call } from '../../api/client';
import { useFeedback } from '../../shared/feedback';
import { RichTextEditor } from '../../shared/resource/rich-text-editor';
import { useLang } from '../../shared/use-lang';
import { FileListField } from '../../shared/file-list-field';
import { centsOf } from '../../shared/money-input';
import { REFERENCE_STALE, useVarietyOptions } from '../../shared/variety-tree';

/** The market modes a listing may be published in (the listing market's). */
const LISTING_MARKET_MODES = [1, 7];

/** The form's fields: a refusal naming one of them is shown under it. */
const FORM_FIELDS = [
  'varietyCode',
  'goodsSkuName',
  'marketCode',
  'holdBs',
  'listingType',
  'depositRatio',
  'price',
  'currency',
  'objListingNum',
  'objMinNum',
  'objStepNum',
  'objListingDay',
  'objPeriodDay',
  'transportWay',
  'paymentType',
  'deliveryPlace',
  'pictures',
  'description',
];

interface ListingFormValues extends Omit<ListingSaveBody, 'singlePrice' | 'id'> {
  /** Typed in currency units; sent as cents. */
  price: string;
}

function toForm(listing: ManagedListing | null): Partial<ListingFormValues> {
  if (!listing)
    return {
      holdBs: 2,
      listingType: 'A',
      currency: 'CNY',
      objStepNum: 0,
      objListingDay: 30,
      objPeriodDay: 30,
      transportWay: 'B',
      paymentType: 2,
      depositRatio: DEFAULT_DEPOSIT_RATIO,
      pictures: [],
      description: '',
    };
  return {
    varietyCode: listing.varietyCode,
    goodsSkuName: listing.goodsSkuName,
    marketCode: listing.marketCode,
    holdBs: listing.holdBs as 1 | 2,
    listingType: listing.listingType as 'A' | 'D',
    price: (listing.singlePrice / 100).toFixed(2),
    currency: listing.currency as ListingSaveBody['currency'],
    objListingNum: listing.objListingNum,
    objMinNum: listing.objMinNum,
    objStepNum: listing.objStepNum,
    objListingDay: listing.objListingDay,
    objPeriodDay: listing.objPeriodDay,
    transportWay: listing.transportWay as 'A' | 'B',
    paymentType: listing.paymentType as 1 | 2,
    deliveryPlace: listing.deliveryPlace,
    depositRatio: listing.depositRatio || DEFAULT_DEPOSIT_RATIO,
    pictures: listing.pictures,
    description: listing.description,
  };
}

interface ListingFormProps {
  /** The listing being edited; null creates a draft. */
  listing: ManagedListing | null;
  onClose: () => void;
  /** After a save (and a submit when asked). */
  onSaved: (saved: ManagedListing) => void;
}

/** The create/edit dialog of a listing with every field of a listing; saves a draft or saves and submits. */
export function ListingFormDialog({ listing, onClose, onSaved }: ListingFormProps) {
  const { t } = useTranslation('trade');
  const lang = useLang();
  const { message } = useFeedback();
  const [form] = Form.useForm<ListingFormValues>();
  const listingType = Form.useWatch('listingType', form);
  const marketCode = Form.useWatch('marketCode', form);
  const { varieties, options: treeData } = useVarietyOptions();
  const markets = useQuery({
    queryKey: ['trading', 'markets', LISTING_MARKET_MODES],
    queryFn: () => call(commtradeRoutes.queryMarketListByModeForCms, { body: { objMode: LISTING_MARKET_MODES } }),
    staleTime: REFERENCE_STALE,
  });
  const save = useMutation({
    mutationFn: async ({ values, thenSubmit }: { values: ListingFormValues; thenSubmit: boolean }) => {
      const { price, ...rest } = values;
      const body: ListingSaveBody = {
        ...rest,
        id: listing?.id,
        singlePrice: centsOf(price) ?? 0,
        depositRatio: values.listingType === 'D' ? values.depositRatio : undefined,
      };
      const saved = await call(listingManageRoutes.save, { body, quiet: true });
      return thenSubmit ? call(listingManageRoutes.submit, { body: { id: saved.id }, quiet: true }) : saved;
    },
    onSuccess: (saved, { thenSubmit }) => {
      message.success({ content: t(thenSubmit ? 'listings.submitted' : 'listings.saved'), duration: 3 });
      onSaved(saved);
    },
    onError: (err) => {
      const field = err instanceof ApiError ? (err.data as { field?: string } | null)?.field : undefined;
      const name = field === 'singlePrice' ? 'price' : field;
      if (name && FORM_FIELDS.includes(name)) {
        form.setFields([{ name: name as keyof ListingFormValues, errors: [err.message] }]);
        form.scrollToField(name as keyof ListingFormValues);
      } else {
        message.error({ content: err instanceof ApiError && err.message ? err.message : t('failed'), duration: 3 });
      }
    },
  });
  const run = (thenSubmit: boolean) => {
    form.validateFields().then(
      (values) => save.mutate({ values, thenSubmit }),
      () => undefined,
    );
  };
  const required = { required: true, message: t('required') };
  return (
    <Modal
      open
      width={920}
      title={listing ? t('listings.editTitle', { code: listing.tradeListingCode }) : t('listings.createTitle')}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space wrap>
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button loading={save.isPending && !save.variables?.thenSubmit} onClick={() => run(false)}>
            {t('listings.saveDraft')}
          </Button>
          <Button type="primary" loading={save.isPending && save.variables?.thenSubmit} onClick={() => run(true)}>
            {t('listings.saveAndSubmit')}
          </Button>
        </Space>
      }
    >
      {listing && listing.objState === 1 ? <p className="tc-remark">{t('listings.editOnSaleHint')}</p> : null}
      <Form<ListingFormValues> form={form} layout="vertical" initialValues={toForm(listing)} scrollToFirstError>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="varietyCode" label={t('listings.variety')} rules={[required]} extra={t('listings.varietyHint')}>
              <TreeSelect
                showSearch={{ treeNodeFilterProp: 'title' }}
                treeData={treeData}
                loading={varieties.isPending}
                treeDefaultExpandAll
                placeholder={t('listings.varietyHint')}
                data-testid="listing-variety"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="goodsSkuName"
              label={t('listings.goodsSkuName')}
              rules={[required, { max: LISTING_LIMITS.goodsSkuNameMax, message: t('tooLong', { max: LISTING_LIMITS.goodsSkuNameMax }) }]}
            >
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="marketCode" label={t('listings.market')} rules={[required]}>
              <Select
                loading={markets.isPending}
                options={(markets.data ?? []).map((m) => ({ value: m.marketId, label: m.marketNameZh }))}
                onChange={(code: string) => {
                  const market = markets.data?.find((m) => m.marketId === code);
                  if (market && (CURRENCIES as readonly string[]).includes(market.currency)) {
                    form.setFieldValue('currency', market.currency);
                  }
                }}
                data-testid="listing-market"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="holdBs" label={t('listings.holdBs')} rules={[required]}>
              <Radio.Group options={enumValues(HOLD_BS, lang).map((o) => ({ value: Number(o.value), label: o.label }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="listingType" label={t('listings.listingType')} rules={[required]}>
              <Radio.Group options={enumValues(LISTING_TYPES, lang)} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            {listingType === 'D' ? (
              <Form.Item name="depositRatio" label={t('listings.depositRatio')} rules={[required]} extra={t('listings.depositRatioHint')}>
                <InputNumber min={1} max={100} precision={0} suffix="%" style={{ width: '100%' }} />
              </Form.Item>
            ) : null}
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="price"
              label={t('listings.price')}
              rules={[
                required,
                {
                  validator: (_, v: string) =>
                    (centsOf(v) ?? 0) > 0 ? Promise.resolve() : Promise.reject(new Error(t('listings.priceRule'))),
                },
              ]}
            >
              <InputNumber<string> stringMode min="0.01" precision={2} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="currency"
              label={t('deposit.currency')}
              rules={[required]}
              extra={marketCode ? t('listings.currencyOfMarket') : undefined}
            >
              <Select options={CURRENCIES.map((c) => ({ value: c, label: c }))} disabled={Boolean(marketCode)} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="objListingNum" label={t('listings.objListingNum')} rules={[required]}>
              <InputNumber min={0.001} precision={3} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="objMinNum"
              label={t('listings.objMinNum')}
              dependencies={['objListingNum']}
              rules={[
                required,
                ({ getFieldValue }) => ({
                  validator: (_, v: number) =>
                    v === undefined || v === null || v <= (getFieldValue('objListingNum') as number)
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('listings.minRule'))),
                }),
              ]}
            >
              <InputNumber min={0.001} precision={3} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="objStepNum" label={t('listings.objStepNum')} extra={t('listings.stepHint')}>
              <InputNumber min={0} precision={3} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="objListingDay" label={t('listings.objListingDay')} rules={[required]}>
              <InputNumber min={1} max={365} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="objPeriodDay" label={t('listings.objPeriodDay')} rules={[required]}>
              <InputNumber min={1} max={3650} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="transportWay" label={t('listings.transportWay')} rules={[required]}>
              <Radio.Group options={enumValues(TRANSPORT_WAYS, lang)} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="paymentType" label={t('listings.paymentType')} rules={[required]}>
              <Radio.Group options={enumValues(PAYMENT_TYPES, lang).map((o) => ({ value: Number(o.value), label: o.label }))} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item
              name="deliveryPlace"
              label={t('listings.deliveryPlace')}
              rules={[required, { max: LISTING_LIMITS.deliveryPlaceMax, message: t('tooLong', { max: LISTING_LIMITS.deliveryPlaceMax }) }]}
            >
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="pictures" label={t('listings.pictures')}>
              <FileListField label={t('listings.pictures')} max={LISTING_LIMITS.picturesMax} inputTestId="listing-pictures-file" />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="description" label={t('listings.description')}>
              <RichTextEditor label={t('listings.description')} id="listing-description" />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
