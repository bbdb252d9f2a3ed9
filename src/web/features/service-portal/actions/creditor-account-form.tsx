import type { FocusEvent } from 'react';
import { useWatch } from 'react-hook-form';
import { LIMITS } from '#domain/validation/limits';
import { MESSAGES } from '#domain/validation/messages';
import {
  CREDITOR_ACCOUNT_LABELS,
  PAYMENT_METHOD_LABELS,
  type CreditorAccountInput,
} from '#domain/validation/staff';
import { US_STATES } from '#domain/validation/states';
import { EmailField } from '#web/components/ui/form/email-field';
import { FieldError, FieldHint } from '#web/components/ui/form/field-error';
import { SelectField } from '#web/components/ui/form/select-field';
import { INPUT_CLASS, LABEL_CLASS } from '#web/components/ui/form/styles';
import { TextField } from '#web/components/ui/form/text-field';
import { useField } from '#web/components/ui/form/use-field';
import { ChoiceField, type Choice } from '#web/components/ui/form/choice-field';
import { CheckboxField } from '#web/components/ui/form/checkbox-field';

const L = CREDITOR_ACCOUNT_LABELS;
const STATE_OPTIONS = US_STATES.map((s) => ({ value: s.code, label: s.name }));
const PAYMENT_METHODS: readonly Choice<boolean>[] = [
  { value: false, label: PAYMENT_METHOD_LABELS.check },
  { value: true, label: PAYMENT_METHOD_LABELS.ach },
];
const digitsOnly = (value: string) => value.replace(/\D/g, '');

/** The creditor form as typed: no payment method until one is chosen. */
export type CreditorAccountFormValues = Omit<CreditorAccountInput, 'isAch'> & { isAch: boolean | null };

/** The creditor form's empty values: nothing chosen, nothing typed. */
export const EMPTY_CREDITOR_ACCOUNT = {
  isAch: null,
  email: '',
  accountNumber: '',
  routingNumber: '',
  addressLine1: '',
  addressLine2: '',
  city: '',
  state: null,
  zipCode: '',
  memo: '',
  achOnFile: false,
} satisfies Required<CreditorAccountFormValues>;

/**
 * Whether the counsellor typed anything into the creditor form: a text field with more than spaces in it, or
 * a state chosen. The payment method is a click, not typing, and is not counted. Values typed under one
 * payment method and hidden by switching to the other still count: they are still in the form.
 */
export function hasTypedCreditorDetails(values: Partial<CreditorAccountFormValues> | undefined): boolean {
  if (!values) return false;
  const { isAch: _method, achOnFile: _onFile, state, ...typed } = values;
  return Boolean(state) || Object.values(typed).some((v) => typeof v === 'string' && v.trim() !== '');
}

/** The creditor form's fields in screen order, for focusing the first one a server 400 names. */
export const CREDITOR_ACCOUNT_FIELD_ORDER = [
  'isAch',
  'email',
  'achOnFile',
  'accountNumber',
  'routingNumber',
  'addressLine1',
  'addressLine2',
  'city',
  'state',
  'zipCode',
  'memo',
] as const satisfies readonly (keyof CreditorAccountInput)[];

/** The creditor table's ACH numbers as staff may see them: their last four digits. */
export type AchNumbersOnFile = { routingNumberLast4: string; accountNumberLast4: string };

/** The hint under 'Use the ACH numbers on file': which numbers, and what unticking does. */
export const achOnFileHint = (n: AchNumbersOnFile) =>
  `Routing •••• ${n.routingNumberLast4}, account •••• ${n.accountNumberLast4}, copied by the server. Untick to type other numbers for this account only.`;

/**
 * The creditor form of an accepted offer, as fields of the surrounding
 * form under `name`: payment method Check or ACH, the remittance email, for ACH the account and routing numbers,
 * the address (required unless ACH) and the memo. The buttons belong to the modal around it. With
 * `numbersOnFile` (the creditor table holds ACH numbers), ACH offers to keep those: ticked, the number fields
 * are hidden and nothing is typed, since the full numbers never reach the browser.
 */
export function CreditorAccountForm({
  name = 'creditorAccount',
  numbersOnFile,
}: {
  name?: string;
  numbersOnFile?: AchNumbersOnFile | null;
}) {
  const isAch = useWatch({ name: `${name}.isAch` }) as boolean | null | undefined;
  const onFile = useWatch({ name: `${name}.achOnFile` }) as boolean | undefined;
  const at = (key: keyof CreditorAccountInput) => `${name}.${key}`;
  const optionalAddress = isAch === true ? ' (optional)' : '';
  const keepsNumbersOnFile = Boolean(numbersOnFile) && onFile === true;
  return (
    <div className="grid gap-4 sm:grid-cols-6">
      <ChoiceField name={at('isAch')} legend={L.isAch} choices={PAYMENT_METHODS} className="sm:col-span-6" />
      <EmailField name={at('email')} label={L.email} autoComplete="off" className="sm:col-span-6" />
      {isAch === true && numbersOnFile && (
        <CheckboxField
          name={at('achOnFile')}
          label={L.achOnFile}
          hint={achOnFileHint(numbersOnFile)}
          className="sm:col-span-6"
        />
      )}
      {isAch === true && !keepsNumbersOnFile && (
        <>
          <TextField
            name={at('accountNumber')}
            label={L.accountNumber}
            inputMode="numeric"
            autoComplete="off"
            maxLength={LIMITS.creditorAccountNumber}
            formatOnChange={digitsOnly}
            className="sm:col-span-3"
          />
          <TextField
            name={at('routingNumber')}
            label={L.routingNumber}
            inputMode="numeric"
            autoComplete="off"
            maxLength={LIMITS.routingNumber}
            formatOnChange={digitsOnly}
            className="sm:col-span-3"
          />
        </>
      )}
      <TextField
        name={at('addressLine1')}
        label={`${L.addressLine1}${optionalAddress}`}
        autoComplete="off"
        className="sm:col-span-6"
      />
      <TextField
        name={at('addressLine2')}
        label={`${L.addressLine2} (optional)`}
        hint={MESSAGES.addressLine2Hint}
        autoComplete="off"
        className="sm:col-span-6"
      />
      <TextField
        name={at('city')}
        label={`${L.city}${optionalAddress}`}
        autoComplete="off"
        className="sm:col-span-2"
      />
      <SelectField
        name={at('state')}
        label={`${L.state}${optionalAddress}`}
        options={STATE_OPTIONS}
        autoComplete="off"
        className="sm:col-span-2"
      />
      <TextField
        name={at('zipCode')}
        label={`${L.zipCode}${optionalAddress}`}
        inputMode="numeric"
        autoComplete="off"
        maxLength={LIMITS.zip}
        formatOnChange={digitsOnly}
        // Wide enough for 'Zip code (optional)' on one line, so the three inputs stay aligned.
        className="sm:col-span-2"
      />
      <MemoField name={at('memo')} label={`${L.memo} (optional)`} className="sm:col-span-6" />
    </div>
  );
}

/** The memo: a few lines of text, at most 245 characters, trimmed on blur, with a count of what is left. */
function MemoField({ name, label, className }: { name: string; label: string; className?: string }) {
  const { form, id, errorId, hintId, errorMessage, ariaProps } = useField(name, true);
  const registration = form.register(name);
  const value = (useWatch({ name }) as string | null | undefined) ?? '';
  const onBlur = (event: FocusEvent<HTMLTextAreaElement>) => {
    const trimmed = event.target.value.trim();
    if (trimmed !== event.target.value) {
      form.setValue(name, trimmed, { shouldValidate: form.formState.isSubmitted, shouldDirty: true });
    }
    return registration.onBlur(event);
  };
  return (
    <div className={className}>
      <label htmlFor={id} className={LABEL_CLASS}>
        {label}
      </label>
      <textarea
        {...registration}
        {...ariaProps}
        id={id}
        rows={3}
        maxLength={LIMITS.memo}
        onBlur={onBlur}
        className={`${INPUT_CLASS} resize-y`}
      />
      <FieldHint id={hintId} hint={`${LIMITS.memo - value.length} characters left`} />
      <FieldError id={errorId} message={errorMessage} />
    </div>
  );
}
