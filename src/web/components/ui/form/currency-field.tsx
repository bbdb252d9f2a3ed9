import { useLayoutEffect, useRef, type ChangeEvent, type Ref } from 'react';
import { useController } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { formatMessageRef } from '#domain/i18n/message';
import { currencyWarning, digitsOnly } from '#domain/validation/format';
import { formatDollars } from '#domain/money/cents';
import { MESSAGE_REFS } from '#domain/validation/messages';
import { FieldError, FieldHint } from './field-error';
import { INPUT_CLASS, LABEL_CLASS } from './styles';
import { useField } from './use-field';

const CENTS_PER_DOLLAR = 100;

/**
 * Digits an input takes past its limit before typing stops. One is enough: a value that would be cut is then
 * always over the limit, so it shows 'Please confirm this amount is correct.' and the form's schema refuses it
 * with its field message; an amount is never shortened into one that passes unnoticed (docs/decisions/0144).
 */
export const CURRENCY_OVERFLOW_DIGITS = 1;

// Signs, not words: the same in every language (kept out of the JSX, where the translation check looks for words).
const DOLLAR_SIGN = '$';

export type CurrencyInputProps = {
  id?: string;
  /** Integer cents; null shows an empty input. */
  value: number | null | undefined;
  onChange: (cents: number | null) => void;
  onBlur?: () => void;
  /**
   * The limit in whole-dollar digits: one digit more is taken (CURRENCY_OVERFLOW_DIGITS), so an amount past
   * the limit can be seen with its warning; typing stops after it.
   */
  maxLength: number;
  name?: string;
  ref?: Ref<HTMLInputElement>;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'aria-label'?: string;
  className?: string;
};

/**
 * Typed text → cents: digits only, leading zeros dropped, cut at `digits` digits. A lone 0 is kept as $0:
 * the form's schema says whether zero is allowed, so a zero income is told it must be greater than $0
 * rather than that it is missing.
 */
export function parseDollarInput(text: string, digits: number): number | null {
  const kept = digitsOnly(text)
    .replace(/^0+(?=\d)/, '')
    .slice(0, digits);
  if (kept === '') return null;
  return Number(kept) * CENTS_PER_DOLLAR;
}

/** Where the caret goes in `text` so that `digitsAfter` digits stay to its right. */
function caretFor(text: string, digitsAfter: number): number {
  let seen = 0;
  for (let i = text.length; i > 0; i--) {
    if (seen === digitsAfter) return i;
    if (/\d/.test(text[i - 1] ?? '')) seen++;
  }
  // Keep the caret after the '$' sign.
  return Math.min(text.length, text.startsWith('$') ? 1 : 0);
}

/**
 * A whole-dollar amount input: digits only, shown as '$1,234' while typing, empty when there is no value.
 * The value is integer cents.
 */
export function CurrencyInput({
  id,
  value,
  onChange,
  onBlur,
  maxLength,
  name,
  ref,
  className,
  ...aria
}: CurrencyInputProps) {
  const inputRef = useRef<HTMLInputElement | null>(null);
  // Digits right of the caret at the last keystroke: reformatting must not throw the caret to the end.
  const pendingCaret = useRef<number | null>(null);
  const shown = formatDollars(value);
  const digits = maxLength + CURRENCY_OVERFLOW_DIGITS;

  useLayoutEffect(() => {
    const input = inputRef.current;
    if (pendingCaret.current == null || !input || document.activeElement !== input) return;
    const caret = caretFor(input.value, pendingCaret.current);
    pendingCaret.current = null;
    input.setSelectionRange(caret, caret);
  });

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const text = event.target.value;
    const caret = event.target.selectionStart ?? text.length;
    pendingCaret.current = digitsOnly(text.slice(caret)).length;
    const next = parseDollarInput(text, digits);
    // A refused keystroke (a letter, a digit past the overflow digit) leaves the shown text as it was.
    if (next === (value ?? null)) event.target.value = shown;
    onChange(next);
  };

  return (
    <input
      ref={(node) => {
        inputRef.current = node;
        if (typeof ref === 'function') ref(node);
        else if (ref) ref.current = node;
      }}
      id={id}
      name={name}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      placeholder={DOLLAR_SIGN}
      value={shown}
      onChange={handleChange}
      onBlur={onBlur}
      // '$' and the thousands separators come on top of the digits.
      maxLength={digits + 1 + Math.floor((digits - 1) / 3)}
      className={className ?? INPUT_CLASS}
      {...aria}
    />
  );
}

/** 'Please confirm this amount is correct.' in the page's language when `value` is past `maxLength` digits. */
export function useCurrencyWarning(value: number | null | undefined, maxLength: number): string | undefined {
  const intl = useIntl();
  // currencyWarning says whether the amount is past the limit; the note is worded by its id.
  if (!currencyWarning(value, maxLength)) return undefined;
  return formatMessageRef(MESSAGE_REFS.currencyWarning, (descriptor, values) =>
    intl.formatMessage(descriptor, values),
  );
}

export type CurrencyFieldProps = {
  name: string;
  label: string;
  /**
   * The limit in whole-dollar digits (12 by default, 7 for income, 6 for housing cost, 5 for expense edits): an
   * amount past it shows 'Please confirm this amount is correct.'.
   */
  maxLength: number;
  hint?: string;
  /** A note under the field that does not stop the submit (e.g. the income warning); the limit's comes first. */
  warning?: string;
  className?: string;
};

/** A labelled CurrencyInput bound to the surrounding form, with its hint, warning and error under it. */
export function CurrencyField({ name, label, maxLength, hint, warning, className }: CurrencyFieldProps) {
  const { form, id, hintId, errorId, errorMessage, ariaProps } = useField(name, Boolean(hint));
  const {
    field: {
      ref: fieldRef,
      name: fieldName,
      value: fieldValue,
      onChange: fieldOnChange,
      onBlur: fieldOnBlur,
    },
  } = useController({ name, control: form.control });
  const value = typeof fieldValue === 'number' ? fieldValue : null;
  // Over the limit, the amount will be refused on submit: that note matters more than any other.
  const shownWarning = useCurrencyWarning(value, maxLength) ?? warning;
  const warningId = `${id}-warning`;
  const describedBy =
    [ariaProps['aria-describedby'], shownWarning ? warningId : undefined].filter(Boolean).join(' ') ||
    undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className={LABEL_CLASS}>
        {label}
      </label>
      <CurrencyInput
        id={id}
        name={fieldName}
        ref={fieldRef}
        value={value}
        onChange={fieldOnChange}
        onBlur={fieldOnBlur}
        maxLength={maxLength}
        aria-invalid={ariaProps['aria-invalid']}
        aria-describedby={describedBy}
      />
      <FieldHint id={hintId} hint={hint} />
      {shownWarning && (
        <p id={warningId} role="status" className="mt-1 text-sm text-amber-800">
          {shownWarning}
        </p>
      )}
      <FieldError id={errorId} message={errorMessage} />
    </div>
  );
}
