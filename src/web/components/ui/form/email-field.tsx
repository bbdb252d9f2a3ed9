import { useIntl } from 'react-intl';
import { normalizeEmail } from '#domain/validation/format';
import { LIMITS } from '#domain/validation/limits';
import { TextField, type TextFieldProps } from './text-field';

/** Email input: trimmed and lower-cased on blur; default label 'Email address'. */
export function EmailField({
  label,
  autoComplete = 'email',
  ...props
}: Omit<TextFieldProps, 'label' | 'type' | 'normalizeOnBlur' | 'formatOnChange'> & { label?: string }) {
  const intl = useIntl();
  return (
    <TextField
      {...props}
      label={label ?? intl.formatMessage({ id: 'ui.field.email', defaultMessage: 'Email address' })}
      type="email"
      inputMode="email"
      autoComplete={autoComplete}
      maxLength={LIMITS.email}
      spellCheck={false}
      autoCapitalize="none"
      normalizeOnBlur={normalizeEmail}
    />
  );
}
