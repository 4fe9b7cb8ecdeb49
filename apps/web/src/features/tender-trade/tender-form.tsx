import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Button, Col, DatePicker, Form, Input, InputNumber, Modal, Radio, Row, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { CURRENCIES, PAYMENT_TYPES } from '@portal/contracts/constants';
import { enumValues } from '@portal/contracts/trade-constants';
import { tenderTradeRoutes } from '@portal/contracts/routes/tender-trade';
import {
  DEFAULT_MIN_VALID_BIDS,
  EVALUATION_METHOD_LABELS,
  TENDER_LIMITS,
  TENDER_TYPE_LABELS,
  type ManagedTender,
  type TenderSaveBody,
} from '@portal/contracts/tender-trade';
import { ApiError, call } from '../../api/client';
import { useFeedback } from '../../shared/feedback';
import { FileListField } from '../../shared/file-list-field';
import { centsOf } from '../../shared/money-input';
import { dateValueProps } from '../../shared/resource/fields';
import { useLang } from '../../shared/use-lang';
import { RichTextEditor } from '../../shared/resource/rich-text-editor';
import { timeProblems } from './tender-rules';

/** A calendar date field: the form holds YYYY-MM-DD (what the contract takes); the picker works on dayjs. */
const calendarDateProps = {
  getValueProps: (value: unknown) => ({ value: typeof value === 'string' && value ? dayjs(value) : undefined }),
  normalize: (value: Dayjs | null) => (value ? value.format('YYYY-MM-DD') : undefined),
};

interface TenderFormValues extends Omit<TenderSaveBody, 'id' | 'deposit'> {
  /** Typed in currency units; sent as cents. */
  deposit?: string;
}

/** The server names a refused field by its wire name; these are the form's. */
const FORM_FIELDS = new Set([
  'tenderName',
  'tenderType',
  'currency',
  'paymentType',
  'contactName',
  'contactPhone',
  'description',
  'bidBeginTime',
  'bidEndTime',
  'openTime',
  'evaluationMethod',
  'priceWeight',
  'minValidBids',
  'deposit',
  'documentFileIds',
  'lines',
]);

function toForm(tender: ManagedTender | null, defaultUnit: string): Partial<TenderFormValues> {
  if (!tender) {
    const begin = dayjs().add(5, 'minute').startOf('minute');
    return {
      tenderType: 'inquiry',
      currency: 'CNY',
      paymentType: 2,
      evaluationMethod: 'lowest',
      minValidBids: DEFAULT_MIN_VALID_BIDS,
      bidBeginTime: begin.toISOString(),
      bidEndTime: begin.add(7, 'day').toISOString(),
      documentFileIds: [],
      lines: [
        { goodsName: '', specification: '', unit: defaultUnit, deliveryPlace: '', deliveryDate: '' } as TenderSaveBody['lines'][number],
      ],
    };
  }
  return {
    tenderName: tender.tenderName,
    tenderType: tender.tenderType,
    currency: tender.currency as TenderSaveBody['currency'],
    paymentType: tender.paymentType as 1 | 2,
    contactName: tender.contactName,
    contactPhone: tender.contactPhone,
    description: tender.description,
    bidBeginTime: tender.bidBeginTime,
    bidEndTime: tender.bidEndTime,
    openTime: tender.openTime,
    evaluationMethod: tender.evaluationMethod,
    priceWeight: tender.priceWeight ?? undefined,
    minValidBids: tender.minValidBids,
    deposit: tender.deposit ? (tender.deposit / 100).toFixed(2) : undefined,
    documentFileIds: tender.documentFileIds,
    lines: tender.lines.map(({ lineNo: _lineNo, ...line }) => line),
  };
}

interface TenderFormProps {
  /** The draft being edited; null creates one. */
  tender: ManagedTender | null;
  onClose: () => void;
  onSaved: (saved: ManagedTender) => void;
}

/** The create/edit dialog of a tender: terms, times, evaluation, lines and documents; saves a draft or saves and publishes. */
export function TenderFormDialog({ tender, onClose, onSaved }: TenderFormProps) {
  const { t } = useTranslation('tender');
  const lang = useLang();
  const { message, modal } = useFeedback();
  const [form] = Form.useForm<TenderFormValues>();
  const method = Form.useWatch('evaluationMethod', form);
  const save = useMutation({
    mutationFn: async ({ values, thenPublish }: { values: TenderFormValues; thenPublish: boolean }) => {
      const body: TenderSaveBody = {
        ...values,
        id: tender?.id,
        deposit: centsOf(values.deposit || '0') ?? 0,
        priceWeight: values.evaluationMethod === 'scoring' ? values.priceWeight : undefined,
      };
      const saved = await call(tenderTradeRoutes.save, { body, quiet: true });
      return thenPublish ? call(tenderTradeRoutes.publish, { body: { id: saved.id }, quiet: true }) : saved;
    },
    onSuccess: (saved, { thenPublish }) => {
      message.success({ content: t(thenPublish ? 'published' : 'saved'), duration: 3 });
      onSaved(saved);
    },
    onError: (err) => {
      const field = err instanceof ApiError ? (err.data as { field?: string } | null)?.field : undefined;
      const name = field?.split('.')[0];
      if (name && FORM_FIELDS.has(name) && name !== 'lines') {
        form.setFields([{ name: name as keyof TenderFormValues, errors: [err.message] }]);
        form.scrollToField(name as keyof TenderFormValues);
      } else {
        message.error({ content: err instanceof ApiError && err.message ? err.message : t('failed'), duration: 3 });
      }
    },
  });
  const run = (thenPublish: boolean) => {
    form.validateFields().then(
      (values) => {
        if (!thenPublish) return save.mutate({ values, thenPublish });
        // Publishing shows the tender to the suppliers and cannot be taken back (only cancelled).
        modal.confirm({
          title: t('publishTitle'),
          content: t('publishText'),
          okText: t('publish'),
          cancelText: t('cancel'),
          onOk: () => save.mutateAsync({ values, thenPublish }).catch(() => undefined),
        });
      },
      () => undefined,
    );
  };
  const required = { required: true, message: t('required') };
  const max = (n: number) => ({ max: n, message: t('tooLong', { max: n }) });
  const timeRule = (which: 'bidEndTime' | 'openTime') => ({
    validator: () => {
      const begin = Date.parse(form.getFieldValue('bidBeginTime') as string);
      const end = Date.parse(form.getFieldValue('bidEndTime') as string);
      const openText = form.getFieldValue('openTime') as string | undefined;
      if (Number.isNaN(begin) || Number.isNaN(end)) return Promise.resolve();
      const problems = timeProblems(begin, end, openText ? Date.parse(openText) : null);
      const mine = problems.filter((p) => (which === 'openTime' ? p === 'openBeforeEnd' : p !== 'openBeforeEnd'));
      return mine.length ? Promise.reject(new Error(t(`timeProblems.${mine[0]}`))) : Promise.resolve();
    },
  });
  const pickerProps = { showTime: { format: 'HH:mm:ss' }, format: 'YYYY-MM-DD HH:mm:ss', style: { width: '100%' } };
  return (
    <Modal
      open
      width={980}
      title={tender ? t('editTitle', { no: tender.tenderNo }) : t('createTitle')}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space wrap>
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button loading={save.isPending && !save.variables?.thenPublish} onClick={() => run(false)} data-testid="tender-save">
            {t('saveDraft')}
          </Button>
          <Button
            type="primary"
            loading={save.isPending && save.variables?.thenPublish}
            onClick={() => run(true)}
            data-testid="tender-publish"
          >
            {t('saveAndPublish')}
          </Button>
        </Space>
      }
    >
      {tender?.reviewRemark ? <p className="tc-remark">{t('rejectedBecause', { reason: tender.reviewRemark })}</p> : null}
      <Form<TenderFormValues> form={form} layout="vertical" initialValues={toForm(tender, t('defaultUnit'))} scrollToFirstError>
        <Row gutter={16}>
          <Col xs={24} md={16}>
            <Form.Item name="tenderName" label={t('tenderName')} rules={[required, max(TENDER_LIMITS.tenderNameMax)]}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="tenderType" label={t('tenderType')} rules={[required]} extra={t('tenderTypeHint')}>
              <Radio.Group options={enumValues(TENDER_TYPE_LABELS, lang)} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="bidBeginTime" label={t('bidBeginTime')} rules={[required]} {...dateValueProps}>
              <DatePicker {...pickerProps} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="bidEndTime"
              label={t('bidEndTime')}
              dependencies={['bidBeginTime']}
              rules={[required, timeRule('bidEndTime')]}
              {...dateValueProps}
            >
              <DatePicker {...pickerProps} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="openTime"
              label={t('openTime')}
              dependencies={['bidEndTime']}
              rules={[timeRule('openTime')]}
              extra={t('openTimeHint')}
              {...dateValueProps}
            >
              <DatePicker {...pickerProps} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="evaluationMethod" label={t('evaluationMethod')} rules={[required]}>
              <Radio.Group options={enumValues(EVALUATION_METHOD_LABELS, lang)} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            {method === 'scoring' ? (
              <Form.Item name="priceWeight" label={t('priceWeight')} rules={[required]} extra={t('priceWeightHint')}>
                <InputNumber min={1} max={100} precision={0} suffix="%" style={{ width: '100%' }} />
              </Form.Item>
            ) : null}
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="minValidBids" label={t('minValidBids')} rules={[required]} extra={t('minValidBidsHint')}>
              <InputNumber min={1} max={100} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="currency" label={t('currency')} rules={[required]}>
              <Select options={CURRENCIES.map((c) => ({ value: c, label: c }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="paymentType" label={t('paymentType')} rules={[required]}>
              <Radio.Group options={enumValues(PAYMENT_TYPES, lang).map((o) => ({ value: Number(o.value), label: o.label }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="deposit"
              label={t('deposit')}
              extra={t('depositHint')}
              rules={[
                {
                  validator: (_, v: string | undefined) =>
                    !v || centsOf(v) !== null ? Promise.resolve() : Promise.reject(new Error(t('amountRule'))),
                },
              ]}
            >
              <InputNumber<string> stringMode min="0" precision={2} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="contactName" label={t('contactName')} rules={[max(TENDER_LIMITS.contactNameMax)]}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="contactPhone" label={t('contactPhone')} rules={[max(TENDER_LIMITS.contactPhoneMax)]}>
              <Input />
            </Form.Item>
          </Col>
        </Row>
        <Form.List
          name="lines"
          rules={[{ validator: (_, lines: unknown[]) => (lines?.length ? Promise.resolve() : Promise.reject(new Error(t('linesRule')))) }]}
        >
          {(fields, { add, remove }, { errors }) => (
            <fieldset className="tt-lines">
              <legend>{t('lines')}</legend>
              {fields.map((field, index) => (
                <Row gutter={8} key={field.key} align="top" data-testid="tender-line">
                  <Col xs={24} md={5}>
                    <Form.Item name={[field.name, 'goodsName']} label={t('goodsName')} rules={[required, max(TENDER_LIMITS.goodsNameMax)]}>
                      <Input />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={5}>
                    <Form.Item
                      name={[field.name, 'specification']}
                      label={t('specification')}
                      rules={[max(TENDER_LIMITS.specificationMax)]}
                    >
                      <Input />
                    </Form.Item>
                  </Col>
                  <Col xs={12} md={3}>
                    <Form.Item name={[field.name, 'quantity']} label={t('quantity')} rules={[required]}>
                      <InputNumber min={0.001} precision={3} style={{ width: '100%' }} />
                    </Form.Item>
                  </Col>
                  <Col xs={12} md={2}>
                    <Form.Item name={[field.name, 'unit']} label={t('unit')} rules={[required, max(TENDER_LIMITS.unitMax)]}>
                      <Input />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={4}>
                    <Form.Item
                      name={[field.name, 'deliveryPlace']}
                      label={t('deliveryPlace')}
                      rules={[max(TENDER_LIMITS.deliveryPlaceMax)]}
                    >
                      <Input />
                    </Form.Item>
                  </Col>
                  <Col xs={20} md={4}>
                    <Form.Item name={[field.name, 'deliveryDate']} label={t('deliveryDate')} rules={[required]} {...calendarDateProps}>
                      <DatePicker style={{ width: '100%' }} />
                    </Form.Item>
                  </Col>
                  <Col xs={4} md={1} className="tt-line-remove">
                    {fields.length > 1 ? (
                      <Button
                        type="text"
                        danger
                        icon={<MinusCircleOutlined />}
                        aria-label={t('removeLine', { n: index + 1 })}
                        onClick={() => remove(field.name)}
                      />
                    ) : null}
                  </Col>
                </Row>
              ))}
              <Form.ErrorList errors={errors} />
              {fields.length < TENDER_LIMITS.linesMax ? (
                <Button
                  type="dashed"
                  icon={<PlusOutlined />}
                  onClick={() => add({ goodsName: '', specification: '', unit: t('defaultUnit'), deliveryPlace: '', deliveryDate: '' })}
                >
                  {t('addLine')}
                </Button>
              ) : null}
            </fieldset>
          )}
        </Form.List>
        <Form.Item name="description" label={t('description')} rules={[max(TENDER_LIMITS.descriptionMax)]}>
          <RichTextEditor label={t('description')} id="tender-description" />
        </Form.Item>
        <Form.Item name="documentFileIds" label={t('documents')}>
          <FileListField label={t('documents')} max={TENDER_LIMITS.filesMax} inputTestId="tender-documents-file" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
