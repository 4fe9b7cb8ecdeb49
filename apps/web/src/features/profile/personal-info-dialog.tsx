import type { DialogContentProps } from '../../shared/dialog-service';
import { useShellSession } from '../../shared/session-context';
import { PersonalInfoForm } from './personal-info-form';

/** The personal-info editor in the dialog service (opened from the user menu). */
export function PersonalInfoDialog({ close }: DialogContentProps) {
  const session = useShellSession();
  return (
    <PersonalInfoForm
      user={session.user}
      onCancel={close}
      onSaved={() => {
        void session.refreshUser();
        close();
      }}
    />
  );
}
