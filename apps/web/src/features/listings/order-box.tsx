import { useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, InputNumber, Popconfirm, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ListingDetail } from '@portal/contracts/listings';
import { ORDER_LIMITS, type Order } from '@portal/contracts/orders';
import { orderRoutes } from '@portal/contracts/routes/orders';
import { ApiError, call } from '../../api/client';
import { amountOf, depositOf, toMilli } from '@portal/contracts/quantity';
import { PAGE_PATHS } from '@portal/contracts/page-paths';
import { formatPrice, formatQuantity, formatUnit } from '../../shared/format';
import { rememberLoginUrl } from '../../shared/session-storage';
import { useCurrentUser } from '../../shared/use-current-user';
import { initialQuantity, nearestValid, quantityProblem, type QuantityTerms } from './order-quantity';

interface OrderForm {
  quantity: number;
  deliveryAddress: string;
  contactName: string;
  contactPhone: string;
  remark?: string;
}

/** A fresh id for one ordering attempt: sent again on a retry, the server answers the same order. */
export function newRequestId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The amount of an order in cents: price x quantity (whole thousandths), rounded half up. */
export function orderAmount(singlePriceCents: number, quantity: number): number {
  return amountOf(singlePriceCents, toMilli(quantity));
}

/** The deposit a margin order freezes: its share of the amount, in whole cents. */
export function orderDeposit(amountCents: number, depositRatio: number): number {
  return depositOf(amountCents, depositRatio);
}

/** The listing terms the quantity rule reads, and the deposit share a margin listing freezes. */
export function termsOf(d: ListingDetail): QuantityTerms & { depositRatio: number } {
  return {
    objMinNum: d.objMinNum,
    objStepNum: d.objStepNum,
    surplusListingNum: d.surplusListingNum,
    depositRatio: d.listingType === 'D' ? d.depositRatio : 0,
  };
}

/** Where the visitor comes back to after signing in: the portal's frame when the page is inside it. */
function returnAddress(code: string): string {
  const framed = typeof window !== 'undefined' && window.top !== window.self;
  return `${framed ? '/productDetailPortal' : '/productDetail'}?tradeListingCode=${encodeURIComponent(code)}`;
}

/** The order box of a listing on sale: quantity (with its rule), delivery address, contact, remark. */
export function OrderBox({ listing }: { listing: ListingDetail }) {
  const { t } = useTranslation('trade');
  const client = useQueryClient();
  const user = useCurrentUser();
  const [form] = Form.useForm<OrderForm>();
  const requestId = useRef(newRequestId());
  const [refusal, setRefusal] = useState('');
  const [placed, setPlaced] = useState<Order | null>(null);
  // The checked values waiting for the buyer's confirmation (amount and deposit shown beside the button).
  const [confirming, setConfirming] = useState<OrderForm | null>(null);
  const terms = termsOf(listing);
  const unit = formatUnit(listing.skuList[0]?.varietyUnit);
  const quantity = Form.useWatch('quantity', form);
  const place = useMutation({
    mutationFn: (values: OrderForm) =>
      call(orderRoutes.place, {
        body: { tradeListingCode: listing.tradeListingCode, ...values, remark: values.remark ?? '', requestId: requestId.current },
        quiet: true,
      }),
    onSuccess: (order) => {
      setConfirming(null);
      setPlaced(order);
      requestId.current = newRequestId();
      void client.invalidateQueries({ queryKey: ['trading', 'listing', listing.tradeListingCode] });
    },
    onError: (err) => {
      // A refusal changed nothing: the next attempt is a new one. A lost answer keeps the id, so
      // sending again cannot make a second order.
      if (err instanceof ApiError && err.code !== 'network') requestId.current = newRequestId();
      setConfirming(null);
      setRefusal(err instanceof ApiError && err.message ? err.message : t('orderBox.networkRetry'));
    },
  });

  if (listing.objState !== 1 || listing.holdBs !== 2) return null;
  if (placed) {
    return (
      <section className="trade-panel order-box" aria-label={t('orderBox.title')}>
        <Result
          status="success"
          title={t('orderBox.placed', { orderNo: placed.orderNo })}
          subTitle={
            <>
              <span>{t('orderBox.placedText', { amount: formatPrice(placed.amount, { currency: placed.currency }) })}</span>
              <br />
              <span data-testid="order-frozen">
                {placed.depositFrozen > 0
                  ? t('orderBox.frozen', { deposit: formatPrice(placed.depositFrozen, { currency: placed.currency }) })
                  : t('orderBox.notFrozen')}
              </span>
            </>
          }
          extra={[
            <a
              key="orders"
              className="trade-link-button"
              href={`${PAGE_PATHS.purchaseOrders}?orderNo=${encodeURIComponent(placed.orderNo)}`}
              target="_top"
            >
              {t('orderBox.viewOrder')}
            </a>,
            <Button key="again" onClick={() => setPlaced(null)}>
              {t('orderBox.again')}
            </Button>,
          ]}
        />
      </section>
    );
  }
  if (!user.data) {
    return (
      <section className="trade-panel order-box" aria-label={t('orderBox.title')}>
        <h2 className="trade-panel-title">{t('orderBox.title')}</h2>
        <p>{t('orderBox.signInFirst')}</p>
        <Button
          type="primary"
          loading={user.isPending}
          onClick={() => {
            rememberLoginUrl(returnAddress(listing.tradeListingCode));
            (window.top ?? window).location.href = '/login';
          }}
        >
          {t('orderBox.signIn')}
        </Button>
      </section>
    );
  }
  const problem = quantityProblem(quantity, terms);
  const amount = quantity && !problem ? orderAmount(listing.singlePrice, quantity) : null;
  const hint = [
    t('orderBox.minHint', { min: formatQuantity(terms.objMinNum, unit) }),
    terms.objStepNum ? t('orderBox.stepHint', { step: formatQuantity(terms.objStepNum, unit) }) : t('orderBox.anyStep'),
    t('orderBox.leftHint', { left: formatQuantity(terms.surplusListingNum, unit) }),
  ].join(t('orderBox.separator'));
  const quantityMessage = (p: NonNullable<ReturnType<typeof quantityProblem>>, value: number) =>
    p === 'offStep'
      ? t('orderBox.problems.offStep', {
          step: formatQuantity(terms.objStepNum, unit),
          near: nearestValid(value, terms)
            .map((v) => formatQuantity(v, unit))
            .join(t('orderBox.or')),
        })
      : t(`orderBox.problems.${p}`, {
          min: formatQuantity(terms.objMinNum, unit),
          left: formatQuantity(terms.surplusListingNum, unit),
        });
  return (
    <section className="trade-panel order-box" aria-labelledby="order-box-title">
      <h2 id="order-box-title" className="trade-panel-title">
        {t('orderBox.title')}
      </h2>
      {refusal ? (
        <Alert
          type="error"
          showIcon
          title={refusal}
          closable
          onClose={() => setRefusal('')}
          style={{ marginBottom: 12 }}
          data-testid="order-refusal"
        />
      ) : null}
      <Form<OrderForm>
        form={form}
        layout="vertical"
        initialValues={{
          quantity: initialQuantity(terms),
          contactName: user.data.realName || user.data.nickName,
          contactPhone: user.data.mobilePhone,
        }}
        onValuesChange={() => {
          // Different values are a different attempt.
          requestId.current = newRequestId();
          setRefusal('');
        }}
        // Checked values are sent only after the buyer confirmed the amount and the deposit to be frozen.
        onFinish={(values) => setConfirming(values)}
      >
        <Form.Item
          name="quantity"
          label={t('orderBox.quantity', { unit })}
          extra={hint}
          rules={[
            {
              validator: (_, v: number | null) => {
                const p = quantityProblem(v, terms);
                return p ? Promise.reject(new Error(quantityMessage(p, v ?? 0))) : Promise.resolve();
              },
            },
          ]}
        >
          <InputNumber min={0} precision={3} step={terms.objStepNum || 1} style={{ width: '100%' }} data-testid="order-quantity" />
        </Form.Item>
        <p className="order-box-amount tabular" data-testid="order-estimate">
          {t('orderBox.amount')}: <strong>{amount === null ? '-' : formatPrice(amount, { currency: listing.currency })}</strong>
          {terms.depositRatio && amount !== null ? (
            <span>
              {' '}
              {t('orderBox.deposit', {
                ratio: terms.depositRatio,
                deposit: formatPrice(orderDeposit(amount, terms.depositRatio), { currency: listing.currency }),
              })}
            </span>
          ) : null}
        </p>
        <Form.Item
          name="deliveryAddress"
          label={t('orderBox.deliveryAddress')}
          rules={[
            { required: true, whitespace: true, message: t('orderBox.required') },
            { max: ORDER_LIMITS.addressMax, message: t('orderBox.tooLong', { max: ORDER_LIMITS.addressMax }) },
          ]}
        >
          <Input />
        </Form.Item>
        <div className="order-box-row">
          <Form.Item
            name="contactName"
            label={t('orderBox.contactName')}
            rules={[
              { required: true, whitespace: true, message: t('orderBox.required') },
              { max: ORDER_LIMITS.contactNameMax, message: t('orderBox.tooLong', { max: ORDER_LIMITS.contactNameMax }) },
            ]}
          >
            <Input />
          </Form.Item>
          <Form.Item
            name="contactPhone"
            label={t('orderBox.contactPhone')}
            rules={[
              { required: true, whitespace: true, message: t('orderBox.required') },
              { pattern: /^[0-9+\-\s()]+$/, message: t('orderBox.phoneRule') },
              { max: ORDER_LIMITS.contactPhoneMax, message: t('orderBox.tooLong', { max: ORDER_LIMITS.contactPhoneMax }) },
            ]}
          >
            <Input inputMode="tel" />
          </Form.Item>
        </div>
        <Form.Item
          name="remark"
          label={t('orderBox.remark')}
          rules={[{ max: ORDER_LIMITS.remarkMax, message: t('orderBox.tooLong', { max: ORDER_LIMITS.remarkMax }) }]}
        >
          <Input.TextArea rows={2} maxLength={ORDER_LIMITS.remarkMax} showCount />
        </Form.Item>
        <Popconfirm
          open={confirming !== null}
          title={t('orderBox.confirmTitle')}
          description={confirming ? <ConfirmText listing={listing} values={confirming} unit={unit} /> : null}
          okText={t('orderBox.confirmOk')}
          cancelText={t('orderBox.confirmCancel')}
          okButtonProps={{ loading: place.isPending, id: 'order-confirm' }}
          onConfirm={() => (confirming ? place.mutateAsync(confirming).catch(() => undefined) : undefined)}
          onCancel={() => setConfirming(null)}
          onOpenChange={(open) => {
            if (!open && !place.isPending) setConfirming(null);
          }}
        >
          <Button type="primary" htmlType="submit" loading={place.isPending} block data-testid="order-submit">
            {t('orderBox.submit')}
          </Button>
        </Popconfirm>
      </Form>
    </section>
  );
}

/** What the buyer confirms: the quantity and amount, and the deposit a margin listing freezes now. */
function ConfirmText({ listing, values, unit }: { listing: ListingDetail; values: OrderForm; unit: string }) {
  const { t } = useTranslation('trade');
  const amount = orderAmount(listing.singlePrice, values.quantity);
  const ratio = termsOf(listing).depositRatio;
  return (
    <div className="order-box-confirm" data-testid="order-confirm-text">
      <p>
        {t('orderBox.confirmText', {
          quantity: formatQuantity(values.quantity, unit),
          amount: formatPrice(amount, { currency: listing.currency }),
        })}
      </p>
      <p>
        {ratio
          ? t('orderBox.confirmDeposit', { deposit: formatPrice(orderDeposit(amount, ratio), { currency: listing.currency }), ratio })
          : t('orderBox.confirmNoDeposit')}
      </p>
    </div>
  );
}
