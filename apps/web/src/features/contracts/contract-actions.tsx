import { useState } from 'react';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { useFeedback } from '../../shared/feedback';
import { ReasonDialog } from '../../shared/reason-dialog';
import { CONTRACT_LIMITS } from '@portal/contracts/contract-terms';
import type { ContractDetail } from '@portal/contracts/contracts';
import { useDeclineContract, useSendSignCode, useSignContract } from './queries';
import { SignDialog } from './sign-dialog';

/** The party's own choices on a contract waiting for its signature: sign with an SMS code, or decline. */
export function ContractActions({ contract }: { contract: ContractDetail }) {
  const { t } = useTranslation('contracts');
  const { message } = useFeedback();
  const [open, setOpen] = useState<'sign' | 'decline' | null>(null);
  const failed = (error: Error) => message.error(error instanceof ApiError && error.message ? error.message : t('failed'));
  const sendCode = useSendSignCode(contract.contractNo);
  const sign = useSignContract({
    onSuccess: (after) => {
      setOpen(null);
      message.success(after.state === 2 ? t('sign.doneAll') : t('sign.done'));
    },
    onError: failed,
  });
  const decline = useDeclineContract({
    onSuccess: () => {
      setOpen(null);
      message.success(t('decline.done'));
    },
    onError: failed,
  });
  if (!contract.actions.includes('sign') && !contract.actions.includes('decline')) return null;
  return (
    <>
      <Space wrap>
        {contract.actions.includes('sign') ? (
          <Button type="primary" onClick={() => setOpen('sign')} data-testid="contract-sign">
            {t('sign.open')}
          </Button>
        ) : null}
        {contract.actions.includes('decline') ? (
          <Button danger onClick={() => setOpen('decline')} data-testid="contract-decline">
            {t('decline.open')}
          </Button>
        ) : null}
      </Space>
      {open === 'sign' ? (
        <SignDialog
          contractNo={contract.contractNo}
          busy={sign.isPending}
          sendCode={() => sendCode.mutateAsync()}
          onSign={(code) => sign.mutate({ contractNo: contract.contractNo, code })}
          onCancel={() => setOpen(null)}
        />
      ) : null}
      {open === 'decline' ? (
        <ReasonDialog
          title={t('decline.title', { contractNo: contract.contractNo })}
          label={t('decline.reason')}
          requiredMessage={t('required', { field: t('decline.reason') })}
          okText={t('decline.ok')}
          max={CONTRACT_LIMITS.declineReasonMax}
          danger
          busy={decline.isPending}
          onOk={(reason) => decline.mutate({ contractNo: contract.contractNo, reason })}
          onCancel={() => setOpen(null)}
        />
      ) : null}
    </>
  );
}
