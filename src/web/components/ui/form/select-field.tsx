import { useIntl } from 'react-intl';
import { useController } from 'react-hook-form';
import { FieldError, FieldHint } from './field-error';
import { INPUT_CLASS, LABEL_CLASS } from './styles';
import { useField } from './use-field';

export type SelectOption<TValue extends string | number> = { value: TValue; label: string };

export type SelectFieldProps<TValue extends string | number> = {
  name: string;
  label: string;
  options: readonly SelectOption<TValue>[];
  /** The empty first choice; picking it stores null. */
  placeholder?: string;
  hint?: string;
  autoComplete?: string;
  /** Shown read-only (e.g. the spouse's address when it is the borrower's). */
  readOnly?: boolean;
  className?: string;
};

/**
 * A native select bound to the surrounding form. The form keeps the option's own value (a number stays a
 * number); the empty choice is null.
 */
export function SelectField<TValue extends string | number>({
  name,
  label,
  options,
  placeholder,
  hint,
  autoComplete,
  readOnly,
  className,
}: SelectFieldProps<TValue>) {
  const intl = useIntl();
  const { form, id, errorId, hintId, errorMessage, ariaProps } = useField(name, Boolean(hint));
  const {
    field: {
      ref: fieldRef,
      name: fieldName,
      value: fieldValue,
      onChange: fieldOnChange,
      onBlur: fieldOnBlur,
    },
  } = useController({ name, control: form.control });
  const current = fieldValue == null ? '' : String(fieldValue);
  return (
    <div className={className}>
      <label htmlFor={id} className={LABEL_CLASS}>
        {label}
      </label>
      <select
        {...ariaProps}
        ref={fieldRef}
        id={id}
        name={fieldName}
        value={current}
        autoComplete={autoComplete}
        // A select has no readOnly: disabled would drop it from the tab order and hide it from the form.
        aria-readonly={readOnly || undefined}
        onChange={(event) => {
          if (readOnly) return;
          const picked = options.find((option) => String(option.value) === event.target.value);
          fieldOnChange(picked ? picked.value : null);
        }}
        onBlur={fieldOnBlur}
        // A native select ignores the line height: the fixed height lines it up with the text inputs beside it.
        className={`${INPUT_CLASS} h-[2.625rem] aria-readonly:bg-gray-100`}
      >
        <option value="">
          {placeholder ?? intl.formatMessage({ id: 'ui.select.placeholder', defaultMessage: 'Select...' })}
        </option>
        {options.map((option) => (
          <option key={option.value} value={String(option.value)}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldHint id={hintId} hint={hint} />
      <FieldError id={errorId} message={errorMessage} />
    </div>
  );
}
