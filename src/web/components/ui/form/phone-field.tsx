import { useIntl } from 'react-intl';
import { formatPhone } from '#domain/validation/format';
import { TextField, type TextFieldProps } from './text-field';

/** '999-999-9999' is 12 characters. */
const PHONE_LENGTH = 12;

/** Phone input: formatted as 999-999-9999 while typing or pasting. */
export function PhoneField({
  label,
  autoComplete = 'tel-national',
  ...props
}: Omit<TextFieldProps, 'label' | 'type' | 'formatOnChange' | 'maxLength'> & { label?: string }) {
  const intl = useIntl();
  return (
    <TextField
      {...props}
      label={label ?? intl.formatMessage({ id: 'ui.field.phone', defaultMessage: 'Phone number' })}
      type="tel"
      inputMode="tel"
      autoComplete={autoComplete}
      placeholder={props.placeholder ?? '999-999-9999'}
      // Pasting '+1 (555) 010-1234' is longer than the formatted value; the formatter trims it.
      maxLength={PHONE_LENGTH + 6}
      formatOnChange={formatPhone}
    />
  );
}
