import { useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, InputNumber, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AuctionBid, AuctionRoomPiece } from '@portal/contracts/auction-trade';
import { auctionTradeRoutes } from '@portal/contracts/routes/auction-trade';
import { ApiError, call } from '../../../api/client';
import { useFeedback } from '../../../shared/feedback';
import { formatPrice, formatQuantity, formatUnit } from '../../../shared/format';
import { acceptableNow, centsOf, milliOf, priceProblem, quantityProblem, stepped, type BidContext } from './bid-rules';

const unitsOf = (cents: number) => (cents / 100).toFixed(2);

/** A new id per attempt: the same attempt sent twice (a lost answer) is one bid on the server. */
function newRequestId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID().replace(/-/g, '')
    : `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;
}

interface BidBoxProps {
  spaceId: string;
  mode: number;
  priceStep: number;
  currency: string;
  piece: AuctionRoomPiece;
  /** After an accepted bid: the room is read again. */
  onPlaced: (bid: AuctionBid) => void;
}

/**
 * The bid box of one piece: the price acceptable now (lowest on the sell side, highest on the buy
 * side), the price (and, in mode 6, the quantity) to bid, a confirmation naming the amount, and
 * the server's refusal in its own words when it refuses.
 */
export function BidBox({ spaceId, mode, priceStep, currency, piece, onPlaced }: BidBoxProps) {
  const { t } = useTranslation('auction');
  const { message, modal } = useFeedback();
  const context: BidContext = {
    mode,
    basePrice: piece.basePrice ?? 0,
    priceStep,
    currentPrice: piece.currentPrice,
    myPrice: piece.myBid?.price ?? null,
  };
  const limit = acceptableNow(context);
  const [price, setPrice] = useState<string | null>(null);
  const [quantity, setQuantity] = useState<string | null>(piece.myBid ? String(piece.myBid.quantity) : null);
  const [refusal, setRefusal] = useState('');
  const requestId = useRef(newRequestId());
  const shownPrice = price ?? unitsOf(limit.price);
  const cents = centsOf(shownPrice);
  const problem = cents === null ? 'offStep' : priceProblem(context, cents);
  const quantityRule = { min: milliOf(piece.minBidNum) ?? 0, step: milliOf(piece.bidStepNum) ?? 0, max: milliOf(piece.totalWeight) ?? 0 };
  const milli = mode === 6 ? milliOf(quantity) : null;
  const qProblem = mode === 6 ? (milli === null ? 'belowMin' : quantityProblem(quantityRule, milli)) : null;
  const place = useMutation({
    mutationFn: () =>
      call(auctionTradeRoutes.place, {
        body: {
          spaceId,
          pieceId: piece.id,
          price: cents ?? 0,
          quantity: mode === 6 && milli !== null ? milli / 1000 : undefined,
          requestId: requestId.current,
        },
        quiet: true,
      }),
    onSuccess: (bid) => {
      requestId.current = newRequestId();
      setRefusal('');
      setPrice(null);
      message.success({ content: t('bid.placed', { seq: bid.seq, price: formatPrice(bid.price, { currency }) }), duration: 3 });
      onPlaced(bid);
    },
    onError: (err) => {
      // A refusal wrote nothing: the next attempt is a new one. A lost answer keeps the id.
      if (err instanceof ApiError && err.code !== 'network') requestId.current = newRequestId();
      setRefusal(err instanceof ApiError && err.message ? err.message : t('failed'));
    },
  });
  const amount = formatPrice(cents, { currency });
  const confirm = () =>
    modal.confirm({
      title: t('bid.confirmTitle'),
      content:
        mode === 6
          ? t('bid.confirmTextQuantity', {
              piece: piece.pieceName,
              price: amount,
              quantity: formatQuantity(Number(quantity), piece.statUnit),
            })
          : t('bid.confirmText', { piece: piece.pieceName, price: amount }),
      okText: t('bid.place'),
      cancelText: t('cancel'),
      onOk: () => place.mutateAsync().catch(() => undefined),
    });
  const hint =
    problem === 'tooLow' || problem === 'tooHigh'
      ? t(`bid.${problem}`, { price: formatPrice(limit.price, { currency }) })
      : problem === 'offStep'
        ? t('bid.offStep', { step: formatPrice(priceStep, { currency }) })
        : qProblem
          ? t(`bid.quantity.${qProblem}`, {
              min: formatQuantity(piece.minBidNum, piece.statUnit),
              step: formatQuantity(piece.bidStepNum, piece.statUnit),
              max: formatQuantity(piece.totalWeight, piece.statUnit),
            })
          : '';
  const ready = !problem && !qProblem;
  const nudge = (steps: number) => setPrice(unitsOf(stepped(mode, cents ?? limit.price, steps, priceStep)));
  return (
    <section className="room-bid-box" aria-label={t('bid.title')} data-testid="bid-box" data-piece={piece.id}>
      <div className="room-bid-limit" data-testid="bid-limit" data-kind={limit.kind} data-value={limit.price}>
        {t(limit.kind === 'min' ? 'bid.lowestNow' : 'bid.highestNow')}
        <strong className="tabular">{formatPrice(limit.price, { currency })}</strong>
        <span className="room-muted">{t('bid.step', { step: formatPrice(priceStep, { currency }) })}</span>
      </div>
      <Form layout="vertical" onFinish={() => (ready ? confirm() : undefined)} className="room-bid-form">
        <Form.Item
          label={t('bid.price')}
          htmlFor={`bid-price-${piece.id}`}
          validateStatus={problem ? 'warning' : undefined}
          help={hint || undefined}
        >
          <Space.Compact style={{ width: '100%' }}>
            <Button onClick={() => nudge(-1)} aria-label={t('bid.stepDown')} disabled={place.isPending}>
              −
            </Button>
            <InputNumber<string>
              id={`bid-price-${piece.id}`}
              stringMode
              min="0.01"
              precision={2}
              controls={false}
              value={shownPrice}
              onChange={(v) => setPrice(v)}
              style={{ width: '100%' }}
              data-testid="bid-price"
            />
            <Button onClick={() => nudge(1)} aria-label={t('bid.stepUp')} disabled={place.isPending}>
              +
            </Button>
          </Space.Compact>
        </Form.Item>
        {mode === 6 ? (
          <Form.Item label={t('bid.quantityLabel', { unit: formatUnit(piece.statUnit) })} htmlFor={`bid-quantity-${piece.id}`}>
            <InputNumber<string>
              id={`bid-quantity-${piece.id}`}
              stringMode
              min="0.001"
              precision={3}
              value={quantity}
              onChange={(v) => setQuantity(v)}
              style={{ width: '100%' }}
              data-testid="bid-quantity"
            />
          </Form.Item>
        ) : null}
        <Button type="primary" htmlType="submit" block loading={place.isPending} disabled={!ready} data-testid="bid-submit">
          {t('bid.place')}
        </Button>
      </Form>
      {refusal ? <Alert type="error" showIcon title={refusal} data-testid="bid-refusal" className="room-bid-refusal" /> : null}
    </section>
  );
}
