import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AuctionRoom } from '@portal/contracts/auction-trade';
import { auctionTradeRoutes } from '@portal/contracts/routes/auction-trade';
import { ApiError, call } from '../../../api/client';
import { useFeedback } from '../../../shared/feedback';
import { formatDateTime, formatPrice } from '../../../shared/format';
import { rememberLoginUrl } from '../../../shared/session-storage';
import { useCurrentUser } from '../../../shared/use-current-user';
import { useAliasLabel } from '../../../shared/auction-alias';

/** Registering for the space (after a confirmation), or why this reader cannot. */
export function RegistrationPanel({ data, onRegistered }: { data: AuctionRoom; onRegistered: () => void }) {
  const { t } = useTranslation('auction');
  const { message, modal } = useFeedback();
  const aliasLabel = useAliasLabel();
  const user = useCurrentUser();
  const { space } = data;
  const deposit = formatPrice(space.deposit, { currency: space.currency });
  const [refusal, setRefusal] = useState('');
  const register = useMutation({
    mutationFn: () => call(auctionTradeRoutes.register, { body: { spaceId: space.spaceId }, quiet: true }),
    onSuccess: (registration) => {
      setRefusal('');
      message.success({ content: t('register.done', { alias: aliasLabel(registration.alias) }), duration: 3 });
      onRegistered();
    },
    onError: (err) => setRefusal(err instanceof ApiError && err.message ? err.message : t('failed')),
  });
  let body;
  if (data.myRegistration) {
    body = (
      <p data-testid="room-registered">
        {t('register.registered', { alias: aliasLabel(data.myRegistration.alias), time: formatDateTime(data.myRegistration.time) })}
      </p>
    );
  } else if (data.role === 'owner') {
    body = <p>{t('register.owner')}</p>;
  } else if (data.canRegister) {
    body = (
      <>
        <p>{t('register.explain', { deposit, end: formatDateTime(space.registrationEndTime) })}</p>
        <Button
          type="primary"
          loading={register.isPending}
          data-testid="room-register"
          onClick={() =>
            modal.confirm({
              title: t('register.confirmTitle'),
              content: t('register.confirmText', { deposit, space: space.spaceName }),
              okText: t('register.action'),
              cancelText: t('cancel'),
              onOk: () => register.mutateAsync().catch(() => undefined),
            })
          }
        >
          {t('register.action')}
        </Button>
      </>
    );
  } else if (!user.isPending && !user.data) {
    body = (
      <>
        <p>{t('register.signInFirst')}</p>
        <Button
          type="primary"
          onClick={() => {
            rememberLoginUrl(window.location.pathname + window.location.search);
            window.location.href = '/login';
          }}
        >
          {t('register.signIn')}
        </Button>
      </>
    );
  } else if (data.role === 'operator') {
    body = <p>{t('register.operator')}</p>;
  } else {
    body = <p>{t(space.scope === 'invited' ? 'register.closedInvited' : 'register.closed')}</p>;
  }
  return (
    <section className="trade-panel room-registration" aria-labelledby="room-registration-title">
      <h2 id="room-registration-title" className="trade-panel-title">
        {t('register.title')} · {t('register.deposit', { deposit })}
      </h2>
      {body}
      {refusal ? <Alert type="error" showIcon title={refusal} data-testid="register-refusal" /> : null}
    </section>
  );
}
