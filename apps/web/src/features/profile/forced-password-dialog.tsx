import { Alert, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useShellSession } from '../../shared/session-context';
import { ChangePasswordForm } from './change-password-form';

/**
 * First login on a default password (checkDefaultPwd true): a dialog with no close button that
 * neither Escape nor the mask closes; only a changed password (and the forced logout) ends it.
 */
export function ForcedPasswordDialog({ open }: { open: boolean }) {
  const { t } = useTranslation('profile');
  const session = useShellSession();
  return (
    <Modal
      open={open}
      title={t('forced.title')}
      closable={false}
      keyboard={false}
      mask={{ closable: false }}
      footer={null}
      width={520}
      zIndex={10000}
      rootClassName="forced-password-dialog"
    >
      <Alert type="warning" showIcon title={t('forced.text')} style={{ marginBottom: 20 }} />
      <ChangePasswordForm transport={session.transportPassword} onChanged={session.forceLogout} />
    </Modal>
  );
}
