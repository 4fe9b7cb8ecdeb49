import { useState } from 'react';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Button, Divider } from 'antd';
import { useTranslation } from 'react-i18next';
import { accountRoutes } from '@portal/contracts/routes/account';
import { ApiError, call } from '../../api/client';
import { useFeedback } from '../../shared/feedback';

/** The third-party sign-in block, a divider and the button; the login page loads it only when a provider is configured. */
export function ThirdPartyLogin() {
  const { t } = useTranslation('login');
  const { t: tc } = useTranslation();
  const { message } = useFeedback();
  const [loading, setLoading] = useState(false);
  const go = async () => {
    setLoading(true);
    try {
      const url = await call(accountRoutes.thirdPartyAuthsUrl, {
        body: { redirectUrl: '/login', identityType: 'sso', terminalType: 'pc' },
        quiet: true,
      });
      window.location.assign(url);
    } catch (err) {
      message.error(err instanceof ApiError && err.message ? err.message : tc('networkError'));
      setLoading(false);
    }
  };
  return (
    <div className="login-third-party">
      <Divider plain className="login-divider">
        {t('thirdParty')}
      </Divider>
      <Button block icon={<SafetyCertificateOutlined />} loading={loading} onClick={() => void go()}>
        {t('thirdPartyButton')}
      </Button>
    </div>
  );
}
