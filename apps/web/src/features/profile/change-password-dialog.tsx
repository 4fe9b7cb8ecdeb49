import type { DialogContentProps } from '../../shared/dialog-service';
import { useShellSession } from '../../shared/session-context';
import { ChangePasswordForm } from './change-password-form';

/** The password change in the dialog service (opened from the user menu). */
export function ChangePasswordDialog({ close }: DialogContentProps) {
  const session = useShellSession();
  return <ChangePasswordForm transport={session.transportPassword} onChanged={session.forceLogout} onCancel={close} />;
}
