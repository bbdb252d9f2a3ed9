import { digitsOnly } from '#domain/validation/format';
import { TextField, type TextFieldProps } from './text-field';

/** 'MM-dd-yyyy' is 10 characters. */
const DATE_LENGTH = 10;

/** Typed digits → 'MM-dd-yyyy' as far as typed: '0415' → '04-15', '04151990' → '04-15-1990'. */
export function formatDateInput(value: string): string {
  const digits = digitsOnly(value).slice(0, 8);
  return [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4)].filter(Boolean).join('-');
}

/** A date typed as MM-dd-yyyy, the dashes added while typing. */
export function DateField({
  placeholder = 'MM-DD-YYYY',
  ...props
}: Omit<TextFieldProps, 'type' | 'formatOnChange' | 'maxLength' | 'inputMode'>) {
  return (
    <TextField
      {...props}
      placeholder={placeholder}
      inputMode="numeric"
      maxLength={DATE_LENGTH}
      formatOnChange={formatDateInput}
    />
  );
}
