import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Input, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { supplierRelationRoutes } from '@portal/contracts/routes/supplier-relations';
import { SUPPLIER_REMARK_MAX } from '@portal/contracts/supplier-relations';
import type { TenderDetail } from '@portal/contracts/tenders';
import { call } from '../../api/client';
import { useFeedback } from '../../shared/feedback';
import { errorText } from './bid-parts';

/** A supplier not on the buyer's list: the refusal, and a request to be added. */
export function ApplyBox({ tender }: { tender: TenderDetail }) {
  const { t } = useTranslation(['tender', 'trading']);
  const { message } = useFeedback();
  const [remark, setRemark] = useState('');
  const apply = useMutation({
    mutationFn: () => call(supplierRelationRoutes.apply, { body: { buyerUserId: tender.userId, remark: remark.trim() }, quiet: true }),
    onError: (err) => message.error({ content: errorText(err, t('failed')), duration: 3 }),
  });
  if (apply.data) {
    return (
      <Result status="info" title={t('apply.sent')} subTitle={t('apply.sentText', { buyer: tender.userName })} data-testid="apply-sent" />
    );
  }
  return (
    <div className="tender-apply" data-testid="apply-box">
      {/* The portal's words for a missing supply relationship, then whose list it is and what to do. */}
      <Alert
        type="warning"
        showIcon
        title={t('trading:messages.noRelation')}
        description={t('apply.refused', { buyer: tender.userName })}
      />
      <label className="tender-field">
        <span>{t('apply.remark')}</span>
        <Input.TextArea rows={3} showCount maxLength={SUPPLIER_REMARK_MAX} value={remark} onChange={(e) => setRemark(e.target.value)} />
      </label>
      <Button type="primary" loading={apply.isPending} onClick={() => apply.mutate()} data-testid="apply-submit">
        {t('apply.submit')}
      </Button>
    </div>
  );
}
