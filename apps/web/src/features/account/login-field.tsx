import type { ReactNode } from 'react';

/**
 * One field of the login form, laid out like antd's vertical form items (label above, the control,
 * the message under it taking the place of the gap below), without antd's Form: the login page's
 * takeover downloads no form machinery, validator or tooltip. `id` names the message
 * (`<id>_help`, which the control's `aria-describedby` points at); `labelFor` ties the label to the
 * control when it has one input.
 */
export function LoginField({
  id,
  label,
  labelFor,
  error,
  children,
}: {
  id: string;
  label: string;
  labelFor?: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className={error ? 'login-field login-field-has-error' : 'login-field'}>
      <div className="login-field-label">
        <label htmlFor={labelFor} title={label}>
          {label}
        </label>
      </div>
      <div className="login-field-control">{children}</div>
      {error ? (
        <div id={`${id}_help`} className="login-field-help">
          <div className="login-field-error">{error}</div>
        </div>
      ) : null}
    </div>
  );
}

/** The accessibility attributes antd's form item gave a required control. */
export function fieldAria(id: string, error: string | undefined) {
  return {
    id,
    'aria-required': true,
    ...(error ? { 'aria-invalid': true, 'aria-describedby': `${id}_help` } : {}),
  } as const;
}
