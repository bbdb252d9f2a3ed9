import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import type { AddressSuggestionsView } from '#domain/flow/application-view';
import { FieldError } from '#web/components/ui/form/field-error';
import { INPUT_CLASS, LABEL_CLASS } from '#web/components/ui/form/styles';
import { TEXT_MAX_LENGTH } from '#web/components/ui/form/text-field';
import { useField } from '#web/components/ui/form/use-field';
import { addressSuggestionsQuery } from './api';

/** Suggestions are asked for 300 ms after the last keystroke, from the third character. */
export const ADDRESS_DEBOUNCE_MS = 300;
export const ADDRESS_MIN_CHARACTERS = 3;

export type AddressSuggestion = AddressSuggestionsView['suggestions'][number];

/** The typed text once it has rested for `delayMs`. */
function useDebounced(value: string, delayMs: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

export type AddressAutocompleteFieldProps = {
  /** The form field of address line 1, e.g. 'borrower.addressLine1'. */
  name: string;
  label: string;
  /** Fills the rest of the address (line 1 is set here). */
  onPick: (suggestion: AddressSuggestion) => void;
  className?: string;
};

/**
 * Street address with US address suggestions: an ARIA 1.2 combobox. Arrow keys move
 * through the list, Enter picks, Escape closes; picking fills line 1 and hands the rest to `onPick`. The
 * input stays free text: an address the service does not know is typed in full.
 */
export function AddressAutocompleteField({ name, label, onPick, className }: AddressAutocompleteFieldProps) {
  const intl = useIntl();
  const { form, id, errorId, errorMessage, ariaProps } = useField(name);
  const registration = form.register(name);
  const listboxId = useId();
  // Only what the borrower typed asks for suggestions; a picked address does not.
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const debounced = useDebounced(query.trim(), ADDRESS_DEBOUNCE_MS);
  const enabled = debounced.length >= ADDRESS_MIN_CHARACTERS && debounced === query.trim();

  const suggestions = useQuery({
    ...addressSuggestionsQuery(debounced),
    enabled,
    staleTime: Infinity,
    // Suggestions are a convenience: a failure leaves the input as a plain text field.
    retry: false,
  });
  const items = enabled ? (suggestions.data?.suggestions ?? []) : [];
  const expanded = open && items.length > 0;

  const pick = (suggestion: AddressSuggestion) => {
    form.setValue(name, suggestion.addressLine1, {
      shouldDirty: true,
      shouldValidate: form.formState.isSubmitted,
    });
    onPick(suggestion);
    setQuery('');
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (items.length === 0) return;
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      if (!expanded) {
        setOpen(true);
        setActive(step === 1 ? 0 : items.length - 1);
        return;
      }
      // From no highlight, Down starts at the first address and Up at the last.
      setActive((current) =>
        current < 0 ? (step === 1 ? 0 : items.length - 1) : (current + step + items.length) % items.length,
      );
    } else if (event.key === 'Enter' && expanded && active >= 0 && items[active]) {
      // Enter picks the highlighted address instead of submitting the form.
      event.preventDefault();
      pick(items[active]);
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <div className={clsx('relative', className)}>
      <label htmlFor={id} className={LABEL_CLASS}>
        {label}
      </label>
      <input
        {...registration}
        {...ariaProps}
        id={id}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listboxId}
        aria-activedescendant={expanded && active >= 0 ? `${listboxId}-${active}` : undefined}
        autoComplete="off"
        maxLength={TEXT_MAX_LENGTH}
        onKeyDown={onKeyDown}
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(true);
          setActive(-1);
          return registration.onChange(event);
        }}
        onBlur={(event) => {
          setOpen(false);
          const trimmed = event.target.value.trim();
          if (trimmed !== event.target.value) {
            form.setValue(name, trimmed, { shouldValidate: form.formState.isSubmitted, shouldDirty: true });
          }
          return registration.onBlur(event);
        }}
        className={INPUT_CLASS}
      />
      <ul
        id={listboxId}
        role="listbox"
        aria-label={intl.formatMessage(
          { id: 'apply.address.suggestions', defaultMessage: '{label} suggestions' },
          { label },
        )}
        hidden={!expanded}
        className="absolute inset-x-0 z-20 mt-1 max-h-72 overflow-auto rounded-md border border-gray-200 bg-white py-1 shadow-lg"
      >
        {items.map((item, index) => (
          <li
            key={`${item.label}-${index}`}
            id={`${listboxId}-${index}`}
            role="option"
            aria-selected={index === active}
            // Keep the focus in the input while the mouse picks.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(item)}
            onMouseEnter={() => setActive(index)}
            className="cursor-pointer px-3 py-2 text-gray-900 aria-selected:bg-brand-50 aria-selected:text-brand-800"
          >
            {item.label}
          </li>
        ))}
      </ul>
      <FieldError id={errorId} message={errorMessage} />
    </div>
  );
}
