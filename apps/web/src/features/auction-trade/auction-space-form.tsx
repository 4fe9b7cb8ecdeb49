import { useMemo } from 'react';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Col, DatePicker, Form, Input, InputNumber, Modal, Radio, Row, Select, Space, Switch, TreeSelect } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-tw';
import { useTranslation } from 'react-i18next';
import { AUCTION_LIMITS, type ManagedAuctionSpace } from '@portal/contracts/auction-trade';
import { CURRENCIES, PAYMENT_TYPES, TRANSPORT_WAYS, enumLabel } from '@portal/contracts/constants';
import { AUCTION_MODES, enumValues } from '@portal/contracts/trade-constants';
import type { Lang } from '@portal/contracts/i18n';
import { ApiError } from '../../api/client';
import { useFeedback } from '../../shared/feedback';
import { RichTextEditor } from '../../shared/resource/rich-text-editor';
import { useLang } from '../../shared/use-lang';
import {
  BUY_MODES,
  EXTENDING_MODES,
  SELL_MODES,
  formPathOf,
  newPiece,
  reserveProblem,
  toFormValues,
  toSaveBody,
  type SpaceFormValues,
} from './auction-form-values';
import { FileListField } from '../../shared/file-list-field';
import { useVarietyOptions } from '../../shared/variety-tree';
import { centsOf } from '../../shared/money-input';
import { useSaveSpace } from './queries';

const DAYJS_LOCALES: Record<Lang, string> = { 'zh-CN': 'zh-cn', 'en-US': 'en', 'zh-TW': 'zh-tw' };
const TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

interface AuctionSpaceFormProps {
  /** The space being edited (draft or rejected); null creates a draft. */
  space: ManagedAuctionSpace | null;
  onClose: () => void;
  onSaved: (saved: ManagedAuctionSpace) => void;
}

/**
 * The create/edit dialog of an auction space with its pieces: the side and mode, the times, the
 * price step and deposit, anti-sniping, who may register, and per piece its goods, quantity, start
 * price, hidden reserve and terms. Saves a draft, or saves and submits it for review.
 */
export function AuctionSpaceFormDialog({ space, onClose, onSaved }: AuctionSpaceFormProps) {
  const { t } = useTranslation('auction');
  const lang = useLang();
  dayjs.locale(DAYJS_LOCALES[lang]);
  const { message } = useFeedback();
  const [form] = Form.useForm<SpaceFormValues>();
  const side = Form.useWatch('side', form) ?? 'sell';
  const mode = Form.useWatch('spaceAuctionMode', form);
  const { varieties, options: treeData } = useVarietyOptions();
  const initial = useMemo(() => toFormValues(space), [space]);
  const save = useSaveSpace({
    onSuccess: (saved, thenSubmit) => {
      message.success({ content: t(thenSubmit ? 'mine.submitted' : 'mine.saved'), duration: 3 });
      onSaved(saved);
    },
    onError: (err) => {
      const path = formPathOf(err instanceof ApiError ? (err.data as { field?: string } | null)?.field : undefined);
      if (path && form.getFieldInstance(path as never) !== undefined) {
        form.setFields([{ name: path as never, errors: [err.message] }]);
        form.scrollToField(path as never);
      } else {
        message.error({ content: err instanceof ApiError && err.message ? err.message : t('failed'), duration: 3 });
      }
    },
  });
  const run = (thenSubmit: boolean) => {
    // The pieces' ids have no input of their own: every value, not only the validated inputs', is sent.
    form.validateFields().then(
      () => save.mutate({ body: toSaveBody(form.getFieldsValue(true) as SpaceFormValues, space?.spaceId), thenSubmit }),
      () => undefined,
    );
  };
  const required = { required: true, message: t('form.required') };
  const atMost = (max: number) => ({ max, message: t('form.tooLong', { max }) });
  const money = (name: string) => ({
    validator: (_: unknown, v: string) =>
      v === undefined || v === null || v === '' || (centsOf(v) ?? -1) >= 0
        ? Promise.resolve()
        : Promise.reject(new Error(t('form.moneyRule', { name }))),
  });
  const positive = {
    validator: (_: unknown, v: string) => ((centsOf(v) ?? 0) > 0 ? Promise.resolve() : Promise.reject(new Error(t('form.positiveRule')))),
  };
  const modes = side === 'buy' ? BUY_MODES : SELL_MODES;
  const extending = EXTENDING_MODES.includes(mode ?? 1);
  /** The anti-sniping window and the extension are both whole seconds within the same bound. */
  const secondsInput = (
    <InputNumber min={0} max={AUCTION_LIMITS.delayMaxSec} precision={0} suffix={t('form.seconds')} style={{ width: '100%' }} />
  );
  return (
    <Modal
      open
      width={1000}
      title={space ? t('form.editTitle', { name: space.spaceName }) : t('form.createTitle')}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
      footer={
        <Space wrap>
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button loading={save.isPending && !save.variables?.thenSubmit} onClick={() => run(false)} data-testid="auction-save-draft">
            {t('form.saveDraft')}
          </Button>
          <Button
            type="primary"
            loading={save.isPending && save.variables?.thenSubmit}
            onClick={() => run(true)}
            data-testid="auction-save-submit"
          >
            {t('form.saveAndSubmit')}
          </Button>
        </Space>
      }
    >
      {space?.spaceStatus === 3 && space.reviewRemark ? (
        <p className="tc-remark">{t('mine.reviewRemark', { remark: space.reviewRemark })}</p>
      ) : null}
      <Form<SpaceFormValues> form={form} layout="vertical" initialValues={initial} scrollToFirstError>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="side" label={t('form.side')} rules={[required]}>
              <Radio.Group
                optionType="button"
                options={[
                  { value: 'sell', label: t('form.sideSell') },
                  { value: 'buy', label: t('form.sideBuy') },
                ]}
                onChange={(e) => form.setFieldValue('spaceAuctionMode', (e.target.value === 'buy' ? BUY_MODES : SELL_MODES)[0])}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="spaceAuctionMode"
              label={t('form.mode')}
              rules={[required]}
              extra={mode ? t(`form.modeHint.${mode}`) : undefined}
            >
              <Radio.Group options={modes.map((m) => ({ value: m, label: enumLabel(AUCTION_MODES, m, lang) }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="spaceName" label={t('form.spaceName')} rules={[required, atMost(AUCTION_LIMITS.spaceNameMax)]}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="name" label={t('form.category')} rules={[required, atMost(AUCTION_LIMITS.categoryMax)]}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="auctionBeginTime" label={t('form.beginTime')} rules={[required]}>
              <DatePicker showTime format={TIME_FORMAT} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="auctionEndTime"
              label={t('form.endTime')}
              dependencies={['auctionBeginTime']}
              rules={[
                required,
                ({ getFieldValue }) => ({
                  validator: (_, v: Dayjs | undefined) => {
                    const begin = getFieldValue('auctionBeginTime') as Dayjs | undefined;
                    return !v || !begin || v.isAfter(begin) ? Promise.resolve() : Promise.reject(new Error(t('form.endAfterBegin')));
                  },
                }),
              ]}
            >
              <DatePicker showTime format={TIME_FORMAT} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="registrationEndTime"
              label={t('form.registrationEnd')}
              extra={t('form.registrationEndHint')}
              dependencies={['auctionBeginTime']}
              rules={[
                ({ getFieldValue }) => ({
                  validator: (_, v: Dayjs | null | undefined) => {
                    const begin = getFieldValue('auctionBeginTime') as Dayjs | undefined;
                    return !v || !begin || !v.isAfter(begin)
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('form.registrationBeforeBegin')));
                  },
                }),
              ]}
            >
              <DatePicker showTime format={TIME_FORMAT} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="priceStep" label={t('form.priceStep')} rules={[required, positive]}>
              <InputNumber<string> stringMode min="0.01" precision={2} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="deposit" label={t('form.deposit')} rules={[required, money(t('form.deposit'))]} extra={t('form.depositHint')}>
              <InputNumber<string> stringMode min="0" precision={2} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="currency" label={t('form.currency')} rules={[required]}>
              <Select options={CURRENCIES.map((c) => ({ value: c, label: c }))} />
            </Form.Item>
          </Col>
          {extending ? (
            <>
              <Col xs={24} md={12}>
                <Form.Item name="delayWindowSec" label={t('form.delayWindow')} rules={[required]} extra={t('form.delayHint')}>
                  {secondsInput}
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="delaySec" label={t('form.delay')} rules={[required]}>
                  {secondsInput}
                </Form.Item>
              </Col>
            </>
          ) : null}
          <Col xs={24} md={12}>
            <Form.Item name="scope" label={t('form.scope')} rules={[required]} extra={t('form.scopeHint')}>
              <Radio.Group
                options={[
                  { value: 'open', label: t('scope.open') },
                  { value: 'invited', label: t('scope.invited') },
                ]}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="deliveryPlace" label={t('form.spaceDeliveryPlace')} rules={[atMost(AUCTION_LIMITS.placeMax)]}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="contactName" label={t('form.contactName')} rules={[atMost(AUCTION_LIMITS.contactMax)]}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="contactPhone" label={t('form.contactPhone')} rules={[atMost(AUCTION_LIMITS.contactMax)]}>
              <Input />
            </Form.Item>
          </Col>
        </Row>
        <Form.List name="itemList">
          {(fields, { add, remove }) => (
            <div className="tc-pieces">
              {fields.map((field, index) => (
                <Card
                  key={field.key}
                  size="small"
                  title={t('form.pieceTitle', { n: index + 1 })}
                  data-testid="auction-piece-form"
                  extra={
                    fields.length > 1 ? (
                      <Button
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={t('form.removePiece', { n: index + 1 })}
                        onClick={() => remove(field.name)}
                      />
                    ) : null
                  }
                >
                  <Row gutter={16}>
                    <Col xs={24} md={12}>
                      <Form.Item
                        name={[field.name, 'pieceName']}
                        label={t('form.pieceName')}
                        rules={[required, atMost(AUCTION_LIMITS.pieceNameMax)]}
                      >
                        <Input />
                      </Form.Item>
                    </Col>
                    <Col xs={24} md={12}>
                      <Form.Item name={[field.name, 'varietyCode']} label={t('form.variety')} rules={[required]}>
                        <TreeSelect
                          showSearch={{ treeNodeFilterProp: 'title' }}
                          treeData={treeData}
                          loading={varieties.isPending}
                          treeDefaultExpandAll
                          placeholder={t('form.varietyHint')}
                        />
                      </Form.Item>
                    </Col>
                    <Col xs={24} md={8}>
                      <Form.Item name={[field.name, 'totalWeight']} label={t('form.totalWeight')} rules={[required]}>
                        <InputNumber min={0.001} precision={3} style={{ width: '100%' }} />
                      </Form.Item>
                    </Col>
                    <Col xs={24} md={4}>
                      <Form.Item
                        name={[field.name, 'statUnit']}
                        label={t('form.unit')}
                        extra={t('form.unitHint')}
                        rules={[atMost(AUCTION_LIMITS.unitMax)]}
                      >
                        <Input />
                      </Form.Item>
                    </Col>
                    <Col xs={24} md={6}>
                      <Form.Item
                        name={[field.name, 'basePrice']}
                        label={t(side === 'buy' ? 'form.ceilingPrice' : 'form.basePrice')}
                        rules={[required, positive]}
                      >
                        <InputNumber<string> stringMode min="0.01" precision={2} style={{ width: '100%' }} />
                      </Form.Item>
                    </Col>
                    <Col xs={24} md={6}>
                      <Form.Item
                        name={[field.name, 'reservePrice']}
                        label={t('form.reservePrice')}
                        extra={t(side === 'buy' ? 'form.reserveHintBuy' : 'form.reserveHintSell')}
                        dependencies={[['itemList', field.name, 'basePrice'], 'side']}
                        rules={[
                          ({ getFieldValue }) => ({
                            validator: (_, v: string | null | undefined) => {
                              const problem = reserveProblem(
                                getFieldValue('side') as 'sell' | 'buy',
                                getFieldValue(['itemList', field.name, 'basePrice']) as string,
                                v,
                              );
                              return problem ? Promise.reject(new Error(t(`form.reserve.${problem}`))) : Promise.resolve();
                            },
                          }),
                        ]}
                      >
                        <InputNumber<string> stringMode min="0.01" precision={2} style={{ width: '100%' }} />
                      </Form.Item>
                    </Col>
                    {mode === 6 ? (
                      <>
                        <Col xs={24} md={8}>
                          <Form.Item name={[field.name, 'minBidNum']} label={t('form.minBidNum')} rules={[required]}>
                            <InputNumber min={0.001} precision={3} style={{ width: '100%' }} />
                          </Form.Item>
                        </Col>
                        <Col xs={24} md={8}>
                          <Form.Item name={[field.name, 'bidStepNum']} label={t('form.bidStepNum')} extra={t('form.bidStepHint')}>
                            <InputNumber min={0} precision={3} style={{ width: '100%' }} />
                          </Form.Item>
                        </Col>
                      </>
                    ) : null}
                    <Col xs={24} md={8}>
                      <Form.Item
                        name={[field.name, 'openBasePrice']}
                        label={t('form.openBasePrice')}
                        valuePropName="checked"
                        extra={t('form.openBasePriceHint')}
                      >
                        <Switch />
                      </Form.Item>
                    </Col>
                    <Col xs={24} md={8}>
                      <Form.Item name={[field.name, 'paymentType']} label={t('form.paymentType')} rules={[required]}>
                        <Radio.Group options={enumValues(PAYMENT_TYPES, lang).map((o) => ({ value: Number(o.value), label: o.label }))} />
                      </Form.Item>
                    </Col>
                    <Col xs={24} md={8}>
                      <Form.Item name={[field.name, 'transportWay']} label={t('form.transportWay')} rules={[required]}>
                        <Radio.Group options={enumValues(TRANSPORT_WAYS, lang)} />
                      </Form.Item>
                    </Col>
                    <Col xs={24}>
                      <Form.Item
                        name={[field.name, 'deliveryPlace']}
                        label={t('form.deliveryPlace')}
                        rules={[required, atMost(AUCTION_LIMITS.placeMax)]}
                      >
                        <Input />
                      </Form.Item>
                    </Col>
                    <Col xs={24}>
                      <Form.Item name={[field.name, 'pictures']} label={t('form.pictures')}>
                        <FileListField
                          label={t('form.pictures')}
                          max={AUCTION_LIMITS.picturesMax}
                          inputTestId={`auction-piece-${index}-pictures-file`}
                        />
                      </Form.Item>
                    </Col>
                  </Row>
                </Card>
              ))}
              {fields.length < AUCTION_LIMITS.piecesMax ? (
                <Button type="dashed" block icon={<PlusOutlined />} onClick={() => add(newPiece())}>
                  {t('form.addPiece')}
                </Button>
              ) : null}
            </div>
          )}
        </Form.List>
        <Form.Item name="remark" label={t('form.remark')} rules={[atMost(AUCTION_LIMITS.remarkMax)]} style={{ marginTop: 16 }}>
          <Input.TextArea rows={2} showCount maxLength={AUCTION_LIMITS.remarkMax} />
        </Form.Item>
        <Form.Item name="description" label={t('form.description')}>
          <RichTextEditor label={t('form.description')} id="auction-description" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
