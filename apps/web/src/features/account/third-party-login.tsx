import { useState } from 'react';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { accountEndpoints } from '@portal/contracts/account';
import { ApiError, call } from '../../api/client';

/** The third-party sign-in block; the login page shows it only when a provider is configured. */
export function ThirdPartyLogin() {
  const { t } = useTranslation('login');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const [loading, setLoading] = useState(false);
  const go = async () => {
    setLoading(true);
    try {
      const url = await call(accountEndpoints.thirdPartyAuthsUrl, {
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
      <Button block icon={<SafetyCertificateOutlined />} loading={loading} onClick={() => void go()}>
        {t('thirdPartyButton')}
      </Button>
    </div>
  );
}
