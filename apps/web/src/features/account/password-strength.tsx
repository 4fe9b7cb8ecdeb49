import { useTranslation } from 'react-i18next';
import { passwordStrength } from '@portal/contracts/validation-rules';
import { useThemeToken } from '../../shared/use-theme-token';

const LEVELS = { weak: 1, general: 2, complex: 3 } as const;

/** The weak / general / complex hint under a new-password field. */
export function PasswordStrength({ value }: { value: string | undefined }) {
  const { t } = useTranslation('account');
  const token = useThemeToken();
  const strength = passwordStrength(value ?? '');
  const level = strength ? LEVELS[strength] : 0;
  const colour = strength === 'complex' ? token.colorSuccess : strength === 'general' ? token.colorWarning : token.colorError;
  return (
    <div className="password-strength" aria-live="polite" data-strength={strength ?? 'none'}>
      <span className="password-strength-label">{t('strength.label')}</span>
      <span className="password-strength-bars" aria-hidden>
        {[1, 2, 3].map((bar) => (
          <span key={bar} style={{ background: bar <= level ? colour : token.colorFillSecondary }} />
        ))}
      </span>
      <span className="password-strength-text" style={{ color: strength ? colour : token.colorTextTertiary }}>
        {strength ? t(`strength.${strength}`) : '—'}
      </span>
    </div>
  );
}
