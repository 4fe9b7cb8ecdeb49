import { useMemo } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Form, type TreeSelectProps } from 'antd';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-tw';
import { useTranslation } from 'react-i18next';
import type { ManagedAuctionSpace } from '@portal/contracts/auction-trade';
import type { Lang } from '@portal/contracts/i18n';
import { auctionTradeRoutes } from '@portal/contracts/routes/auction-trade';
import { commtradeRoutes } from '@portal/contracts/routes/commtrade';
import { ApiError, call } from '../../api/client';
import { useFeedback } from '../../shared/feedback';
import { centsOf } from '../../shared/money-input';
import { useLang } from '../../shared/use-lang';
import { BUY_MODES, EXTENDING_MODES, SELL_MODES, formPathOf, toFormValues, toSaveBody, type SpaceFormValues } from './auction-form-values';
import { toLeafOptions } from './listing-form';

const DAYJS_LOCALES: Record<Lang, string> = { 'zh-CN': 'zh-cn', 'en-US': 'en', 'zh-TW': 'zh-tw' };
const REFERENCE_STALE = 5 * 60_000;

/**
 * The auction space dialog's state and data: the form, the side and mode chosen (and the modes
 * and anti-sniping fields they allow), the variety tree for the pieces, and saving a draft or
 * saving and submitting it. A refusal naming a field is shown on that field, any other as a message.
 */
export function useAuctionSpaceForm(space: ManagedAuctionSpace | null, onSaved: (saved: ManagedAuctionSpace) => void) {
  const { t } = useTranslation('auction');
  const lang = useLang();
  dayjs.locale(DAYJS_LOCALES[lang]);
  const { message } = useFeedback();
  const [form] = Form.useForm<SpaceFormValues>();
  const side = Form.useWatch('side', form) ?? 'sell';
  const mode = Form.useWatch('spaceAuctionMode', form);
  const varieties = useQuery({
    queryKey: ['trading', 'varieties'],
    queryFn: () => call(commtradeRoutes.portalQueryVarietyTree),
    staleTime: REFERENCE_STALE,
  });
  const treeData: TreeSelectProps['treeData'] = useMemo(() => toLeafOptions(varieties.data ?? []), [varieties.data]);
  const initial = useMemo(() => toFormValues(space), [space]);
  const save = useMutation({
    mutationFn: async ({ values, thenSubmit }: { values: SpaceFormValues; thenSubmit: boolean }) => {
      const saved = await call(auctionTradeRoutes.save, { body: toSaveBody(values, space?.spaceId), quiet: true });
      return thenSubmit ? call(auctionTradeRoutes.submit, { body: { spaceId: saved.spaceId }, quiet: true }) : saved;
    },
    onSuccess: (saved, { thenSubmit }) => {
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
      () => save.mutate({ values: form.getFieldsValue(true) as SpaceFormValues, thenSubmit }),
      () => undefined,
    );
  };
  const modes = side === 'buy' ? BUY_MODES : SELL_MODES;
  const extending = EXTENDING_MODES.includes(mode ?? 1);
  return { form, side, mode, modes, extending, varieties, treeData, initial, save, run };
}

/** The field rules the dialog's inputs share, with their messages in the reader's language. */
export function useFieldRules() {
  const { t } = useTranslation('auction');
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
  return { required, atMost, money, positive };
}
