import { FormattedMessage, useIntl } from 'react-intl';
import { useId, useState, type InputHTMLAttributes, type Ref } from 'react';
import { LIMITS } from '#domain/validation/limits';

export type PasswordInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'maxLength'> & {
  ref?: Ref<HTMLInputElement>;
  /** Classes of the <input> itself. */
  inputClassName?: string;
};

/** A password input with a show/hide toggle; at most 60 characters. */
export function PasswordInput({ ref, inputClassName, className, id, ...props }: PasswordInputProps) {
  const intl = useIntl();
  const [visible, setVisible] = useState(false);
  const fallbackId = useId();
  const inputId = id ?? fallbackId;
  return (
    <div className={`relative ${className ?? ''}`}>
      <input
        {...props}
        ref={ref}
        id={inputId}
        type={visible ? 'text' : 'password'}
        maxLength={LIMITS.passwordInput}
        spellCheck={false}
        autoCapitalize="none"
        autoCorrect="off"
        className={`${inputClassName ?? ''} pr-16`}
      />
      <button
        type="button"
        onClick={() => setVisible((v) => !v)}
        aria-controls={inputId}
        aria-pressed={visible}
        aria-label={
          visible
            ? intl.formatMessage({ id: 'ui.password.hideLabel', defaultMessage: 'Hide password' })
            : intl.formatMessage({ id: 'ui.password.showLabel', defaultMessage: 'Show password' })
        }
        className="absolute inset-y-0 right-0 mt-1 flex items-center rounded-r-md px-3 text-sm font-medium text-brand-700 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        {visible ? (
          <FormattedMessage id="ui.password.hide" defaultMessage="Hide" />
        ) : (
          <FormattedMessage id="ui.password.show" defaultMessage="Show" />
        )}
      </button>
    </div>
  );
}
