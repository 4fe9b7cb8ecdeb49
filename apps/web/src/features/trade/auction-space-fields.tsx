import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  Button,
  Card,
  Col,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Switch,
  TreeSelect,
  type TreeSelectProps,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { AUCTION_LIMITS } from '@portal/contracts/auction-trade';
import { AUCTION_MODES, CURRENCIES, PAYMENT_TYPES, TRANSPORT_WAYS, enumLabel, enumValues } from '@portal/contracts/constants';
import { FileListField } from '../../shared/file-list-field';
import { useLang } from '../../shared/use-lang';
import { BUY_MODES, SELL_MODES, newPiece, reserveProblem, type SpaceFormValues } from './auction-form-values';
import { useFieldRules } from './use-auction-space-form';

const TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

type VarietyOptions = TreeSelectProps['treeData'];

/** The space's own fields: side and mode, name and category, the times, money, anti-sniping (extending modes only), scope and contact. */
export function SpaceFields({ mode, modes, extending }: { mode: number | undefined; modes: readonly number[]; extending: boolean }) {
  const { t } = useTranslation('auction');
  const lang = useLang();
  const form = Form.useFormInstance<SpaceFormValues>();
  const { required, atMost, money, positive } = useFieldRules();
  return (
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
        <Form.Item name="spaceAuctionMode" label={t('form.mode')} rules={[required]} extra={mode ? t(`form.modeHint.${mode}`) : undefined}>
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
                return !v || !begin || !v.isAfter(begin) ? Promise.resolve() : Promise.reject(new Error(t('form.registrationBeforeBegin')));
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
              <InputNumber min={0} max={AUCTION_LIMITS.delayMaxSec} precision={0} suffix={t('form.seconds')} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="delaySec" label={t('form.delay')} rules={[required]}>
              <InputNumber min={0} max={AUCTION_LIMITS.delayMaxSec} precision={0} suffix={t('form.seconds')} style={{ width: '100%' }} />
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
  );
}

/** One piece's fields: its goods and quantity, start and hidden reserve price, mode 6's bid quantities, terms and pictures. */
function PieceFields({
  name,
  index,
  removable,
  onRemove,
  side,
  mode,
  treeData,
  varietiesLoading,
}: {
  name: number;
  index: number;
  removable: boolean;
  onRemove: () => void;
  side: 'sell' | 'buy';
  mode: number | undefined;
  treeData: VarietyOptions;
  varietiesLoading: boolean;
}) {
  const { t } = useTranslation('auction');
  const lang = useLang();
  const { required, atMost, positive } = useFieldRules();
  return (
    <Card
      size="small"
      title={t('form.pieceTitle', { n: index + 1 })}
      data-testid="auction-piece-form"
      extra={
        removable ? (
          <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('form.removePiece', { n: index + 1 })} onClick={onRemove} />
        ) : null
      }
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name={[name, 'pieceName']} label={t('form.pieceName')} rules={[required, atMost(AUCTION_LIMITS.pieceNameMax)]}>
            <Input />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name={[name, 'varietyCode']} label={t('form.variety')} rules={[required]}>
            <TreeSelect
              showSearch={{ treeNodeFilterProp: 'title' }}
              treeData={treeData}
              loading={varietiesLoading}
              treeDefaultExpandAll
              placeholder={t('form.varietyHint')}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name={[name, 'totalWeight']} label={t('form.totalWeight')} rules={[required]}>
            <InputNumber min={0.001} precision={3} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={4}>
          <Form.Item name={[name, 'statUnit']} label={t('form.unit')} extra={t('form.unitHint')} rules={[atMost(AUCTION_LIMITS.unitMax)]}>
            <Input />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item
            name={[name, 'basePrice']}
            label={t(side === 'buy' ? 'form.ceilingPrice' : 'form.basePrice')}
            rules={[required, positive]}
          >
            <InputNumber<string> stringMode min="0.01" precision={2} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item
            name={[name, 'reservePrice']}
            label={t('form.reservePrice')}
            extra={t(side === 'buy' ? 'form.reserveHintBuy' : 'form.reserveHintSell')}
            dependencies={[['itemList', name, 'basePrice'], 'side']}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_, v: string | null | undefined) => {
                  const problem = reserveProblem(
                    getFieldValue('side') as 'sell' | 'buy',
                    getFieldValue(['itemList', name, 'basePrice']) as string,
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
              <Form.Item name={[name, 'minBidNum']} label={t('form.minBidNum')} rules={[required]}>
                <InputNumber min={0.001} precision={3} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name={[name, 'bidStepNum']} label={t('form.bidStepNum')} extra={t('form.bidStepHint')}>
                <InputNumber min={0} precision={3} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          </>
        ) : null}
        <Col xs={24} md={8}>
          <Form.Item
            name={[name, 'openBasePrice']}
            label={t('form.openBasePrice')}
            valuePropName="checked"
            extra={t('form.openBasePriceHint')}
          >
            <Switch />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name={[name, 'paymentType']} label={t('form.paymentType')} rules={[required]}>
            <Radio.Group options={enumValues(PAYMENT_TYPES, lang).map((o) => ({ value: Number(o.value), label: o.label }))} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name={[name, 'transportWay']} label={t('form.transportWay')} rules={[required]}>
            <Radio.Group options={enumValues(TRANSPORT_WAYS, lang)} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name={[name, 'deliveryPlace']} label={t('form.deliveryPlace')} rules={[required, atMost(AUCTION_LIMITS.placeMax)]}>
            <Input />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name={[name, 'pictures']} label={t('form.pictures')}>
            <FileListField
              label={t('form.pictures')}
              max={AUCTION_LIMITS.picturesMax}
              inputTestId={`auction-piece-${index}-pictures-file`}
            />
          </Form.Item>
        </Col>
      </Row>
    </Card>
  );
}

/** The space's pieces, at least one and at most the limit. */
export function PieceList({
  side,
  mode,
  treeData,
  varietiesLoading,
}: {
  side: 'sell' | 'buy';
  mode: number | undefined;
  treeData: VarietyOptions;
  varietiesLoading: boolean;
}) {
  const { t } = useTranslation('auction');
  return (
    <Form.List name="itemList">
      {(fields, { add, remove }) => (
        <div className="tc-pieces">
          {fields.map((field, index) => (
            <PieceFields
              key={field.key}
              name={field.name}
              index={index}
              removable={fields.length > 1}
              onRemove={() => remove(field.name)}
              side={side}
              mode={mode}
              treeData={treeData}
              varietiesLoading={varietiesLoading}
            />
          ))}
          {fields.length < AUCTION_LIMITS.piecesMax ? (
            <Button type="dashed" block icon={<PlusOutlined />} onClick={() => add(newPiece())}>
              {t('form.addPiece')}
            </Button>
          ) : null}
        </div>
      )}
    </Form.List>
  );
}
