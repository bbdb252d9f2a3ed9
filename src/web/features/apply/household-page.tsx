import { useEffect, useId, useRef } from 'react';
import { FormProvider, useWatch, type DefaultValues, type Path } from 'react-hook-form';
import { defineMessages, useIntl, type IntlShape } from 'react-intl';
import { LANGUAGES } from '#domain/i18n/language';
import { hasCompleted } from '#domain/flow/page-order';
import { PAGE_ROUTES } from '#domain/flow/pages';
import { FIXED, type MessageDescriptor } from '#domain/i18n/validation-messages';
import {
  DEPENDENTS_OPTIONS,
  HOUSEHOLD_LABEL_MESSAGES,
  HOUSEHOLD_QUESTION_MESSAGES,
  householdSchema,
  type HouseholdInput,
} from '#domain/validation/application';
import { LIMITS } from '#domain/validation/limits';
import { isUsStateCode, US_STATES, type UsStateCode } from '#domain/validation/states';
import { localStateName } from '#domain/validation/state-name-messages';
import { BusyOverlay } from '#web/components/ui/busy-overlay';
import { CurrencyField } from '#web/components/ui/form/currency-field';
import { DateField } from '#web/components/ui/form/date-field';
import { EmailField } from '#web/components/ui/form/email-field';
import { PhoneField } from '#web/components/ui/form/phone-field';
import { SelectField } from '#web/components/ui/form/select-field';
import { INPUT_CLASS, LABEL_CLASS } from '#web/components/ui/form/styles';
import { SubmitButton } from '#web/components/ui/form/submit-button';
import { TextField } from '#web/components/ui/form/text-field';
import { useZodForm } from '#web/components/ui/form/use-zod-form';
import { YesNoField } from '#web/components/ui/form/yes-no-field';
import { AddressAutocompleteField, type AddressSuggestion } from './address-autocomplete';
import { ApplyPage } from './apply-page';
import type { ApplicationView } from './application-query';
import { saveHousehold } from './api';
import { ApplyPageGate, SAVE_MESSAGES, useSavePage } from './save-page';

const M = defineMessages({
  title: { id: 'apply.household.title', defaultMessage: 'Tell us about your household' },
  aboutYou: { id: 'apply.household.aboutYou', defaultMessage: 'About you' },
  aboutSpouse: { id: 'apply.household.aboutSpouse', defaultMessage: 'About your spouse' },
  dependents1: { id: 'apply.household.dependents.one', defaultMessage: 'One' },
  dependents2: { id: 'apply.household.dependents.two', defaultMessage: 'Two' },
  dependents3: { id: 'apply.household.dependents.three', defaultMessage: 'Three' },
  dependents4: { id: 'apply.household.dependents.fourOrMore', defaultMessage: 'Four+' },
  spouseLanguageSame: {
    id: 'apply.household.spouseLanguage.same',
    defaultMessage: 'The same as mine',
  },
  spouseLanguageEnglish: { id: 'apply.household.spouseLanguage.en', defaultMessage: 'English' },
  spouseLanguageSpanish: { id: 'apply.household.spouseLanguage.es', defaultMessage: 'Spanish (Español)' },
  spouseLanguageHint: {
    id: 'apply.household.spouseLanguage.hint',
    defaultMessage: 'We write to your spouse in this language, and they read the letter they sign in it.',
  },
});
const SPOUSE_LANGUAGE_MESSAGES = { en: M.spouseLanguageEnglish, es: M.spouseLanguageSpanish } as const;
/** A field the borrower may leave empty (inline: typed descriptors with values are refused). */
const optionalLabel = (intl: IntlShape, label: string) =>
  intl.formatMessage({ id: 'apply.household.optional', defaultMessage: '{label} (optional)' }, { label });
const DEPENDENTS_MESSAGES = {
  1: M.dependents1,
  2: M.dependents2,
  3: M.dependents3,
  4: M.dependents4,
} as const;

// The domain's labels and questions as the messages they are (the schema's field messages name the same), so
// the page words them by id.
const LABEL_MESSAGES = HOUSEHOLD_LABEL_MESSAGES;
const QUESTION_MESSAGES = HOUSEHOLD_QUESTION_MESSAGES;

/** The household's labels and questions in the page's language. */
function useHouseholdTexts() {
  const intl = useIntl();
  const words = <K extends string>(messages: Record<K, MessageDescriptor>) =>
    Object.fromEntries(
      Object.entries<MessageDescriptor>(messages).map(([key, descriptor]) => [
        key,
        intl.formatMessage(descriptor),
      ]),
    ) as Record<K, string>;
  const L = words(LABEL_MESSAGES);
  const Q = words(QUESTION_MESSAGES);
  return { intl, L, Q };
}

/**
 * The states in the page's language ("Nueva York"), sorted as a reader of that language looks for them (and as
 * a select's type-ahead finds them); the English list stays in its own order.
 */
function stateOptions(intl: IntlShape): { value: UsStateCode; label: string }[] {
  const options = US_STATES.map((s) => ({
    value: s.code,
    label: localStateName(s.code, (d) => intl.formatMessage(d)) ?? s.name,
  }));
  if (intl.locale.startsWith('en')) return options;
  return options.sort((a, b) => a.label.localeCompare(b.label, intl.locale));
}

const ADDRESS_KEYS = ['addressLine1', 'addressLine2', 'city', 'state', 'zipCode'] as const;
type Person = 'borrower' | 'spouse';

type SpouseInput = NonNullable<HouseholdInput['spouse']>;

/** Field names in page order: a server 400 focuses the first of them that failed. */
const personFields = (person: Person, extra: readonly string[]) =>
  ['firstName', 'lastName', ...extra, 'addressLine1', 'addressLine2', 'city', 'state', 'zipCode'].map(
    (key) => `${person}.${key}`,
  );
export const HOUSEHOLD_FIELD_ORDER = [
  'hasDependents',
  'numberOfDependentsInHousehold',
  'isHomeowner',
  'hasMortgageEscrow',
  'monthlyRentOrMortgageAmount',
  'isCarOwner',
  ...personFields('borrower', ['phoneNumber']),
  'borrower.dateOfBirth',
  'hasSpouse',
  ...[
    'firstName',
    'lastName',
    'email',
    'phoneNumber',
    'dateOfBirth',
    'preferredLanguage',
    'hasSameAddressAsBorrower',
  ].map((key) => `spouse.${key}`),
  ...ADDRESS_KEYS.map((key) => `spouse.${key}`),
] as Path<HouseholdInput>[];

const EMPTY_SPOUSE = {
  firstName: '',
  lastName: '',
  email: '',
  phoneNumber: '',
  dateOfBirth: '',
  hasSameAddressAsBorrower: undefined,
  addressLine1: '',
  addressLine2: '',
  city: '',
  state: null,
  zipCode: '',
  preferredLanguage: null,
} satisfies DefaultValues<SpouseInput>;

/** A saved or suggested state the select offers; anything else leaves the select empty. */
const asStateCode = (code: string | null | undefined): UsStateCode | undefined =>
  isUsStateCode(code) ? code : undefined;

/** The saved application as the form's starting values ('' and null where nothing was saved yet). */
export function householdDefaults(application: ApplicationView): DefaultValues<HouseholdInput> {
  const { household: h, borrower: b, spouse: s } = application;
  return {
    hasDependents: h.hasDependents ?? undefined,
    // 0 with Yes means 'not chosen yet': the select shows its empty choice.
    numberOfDependentsInHousehold: h.numberOfDependentsInHousehold || null,
    isHomeowner: h.isHomeowner ?? undefined,
    hasMortgageEscrow: h.isHomeowner ? h.hasMortgageEscrow : null,
    monthlyRentOrMortgageAmount: h.monthlyRentOrMortgageAmount ?? undefined,
    isCarOwner: h.isCarOwner ?? undefined,
    borrower: {
      firstName: b.firstName ?? '',
      lastName: b.lastName ?? '',
      phoneNumber: b.phoneNumber ?? '',
      addressLine1: b.addressLine1 ?? '',
      addressLine2: b.addressLine2 ?? '',
      city: b.city ?? '',
      state: asStateCode(b.state),
      zipCode: b.zipCode ?? '',
      dateOfBirth: b.dateOfBirth ?? '',
    },
    hasSpouse: h.hasSpouse ?? undefined,
    spouse: s
      ? {
          firstName: s.firstName ?? '',
          lastName: s.lastName ?? '',
          email: s.email ?? '',
          phoneNumber: s.phoneNumber ?? '',
          dateOfBirth: s.dateOfBirth ?? '',
          hasSameAddressAsBorrower: s.hasSameAddressAsBorrower ?? undefined,
          addressLine1: s.addressLine1 ?? '',
          addressLine2: s.addressLine2 ?? '',
          city: s.city ?? '',
          state: asStateCode(s.state) ?? null,
          zipCode: s.zipCode ?? '',
          preferredLanguage: s.preferredLanguage,
        }
      : null,
  };
}

/** /household. */
export function Component() {
  const intl = useIntl();
  const title = intl.formatMessage(M.title);
  return (
    <ApplyPageGate page="Household" title={title}>
      {(application) => (
        <ApplyPage page="Household" title={title}>
          <HouseholdForm application={application} />
        </ApplyPage>
      )}
    </ApplyPageGate>
  );
}

function HouseholdForm({ application }: { application: ApplicationView }) {
  const { intl, L, Q } = useHouseholdTexts();
  const form = useZodForm(householdSchema, householdDefaults(application));
  const { save, busy, errorModal } = useSavePage(saveHousehold, {
    form,
    fieldOrder: HOUSEHOLD_FIELD_ORDER,
    // Saved answers always lead to /credit.
    unchanged: {
      completed: hasCompleted(application.lastCompletedPage, 'Household'),
      next: PAGE_ROUTES.Credit,
    },
  });
  const [hasDependents, isHomeowner, hasSpouse, sameAddress] = useWatch({
    control: form.control,
    name: ['hasDependents', 'isHomeowner', 'hasSpouse', 'spouse.hasSameAddressAsBorrower'],
  });
  const borrowerAddress = useWatch({
    control: form.control,
    name: ADDRESS_KEYS.map((key) => `borrower.${key}` as const),
  });
  // The spouse's answers while 'No' hides them, so a change of mind does not retype them.
  const stashedSpouse = useRef<DefaultValues<SpouseInput> | null>(null);

  const revalidate = form.formState.isSubmitted;
  const set = (name: Path<HouseholdInput>, value: unknown) =>
    form.setValue(name, value as never, { shouldDirty: true, shouldValidate: revalidate });

  // Spec item 15: while 'same as above' is chosen, the spouse's address follows the borrower's edits.
  useEffect(() => {
    if (!hasSpouse || sameAddress !== true) return;
    ADDRESS_KEYS.forEach((key, index) => {
      const value = borrowerAddress[index];
      if (form.getValues(`spouse.${key}`) !== value) {
        form.setValue(`spouse.${key}`, value as never, { shouldValidate: form.formState.isSubmitted });
      }
    });
  }, [form, hasSpouse, sameAddress, borrowerAddress]);

  const fillAddress = (person: Person) => (suggestion: AddressSuggestion) => {
    set(`${person}.city`, suggestion.city);
    set(`${person}.state`, asStateCode(suggestion.state) ?? null);
    set(`${person}.zipCode`, suggestion.zipCode);
  };

  const onSubmit = form.handleSubmit(async (values) => {
    await save(values);
  });

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={onSubmit} className="space-y-8">
        <h1 className="text-2xl font-bold text-gray-900 sm:text-3xl">{intl.formatMessage(M.title)}</h1>

        <section className="space-y-6">
          <YesNoField
            name="hasDependents"
            question={Q.hasDependents}
            onAnswer={(yes) => {
              if (!yes) set('numberOfDependentsInHousehold', null);
            }}
          />
          {hasDependents === true && (
            <SelectField
              name="numberOfDependentsInHousehold"
              label={L.numberOfDependentsInHousehold}
              options={DEPENDENTS_OPTIONS.map((o) => ({
                ...o,
                label: intl.formatMessage(DEPENDENTS_MESSAGES[o.value]),
              }))}
              className="sm:max-w-xs"
            />
          )}
          <YesNoField
            name="isHomeowner"
            question={Q.isHomeowner}
            onAnswer={(yes) => {
              if (!yes) set('hasMortgageEscrow', null);
            }}
          />
          {isHomeowner === true && <YesNoField name="hasMortgageEscrow" question={Q.hasMortgageEscrow} />}
          <CurrencyField
            name="monthlyRentOrMortgageAmount"
            label={L.monthlyRentOrMortgageAmount}
            maxLength={LIMITS.housingCost}
            className="sm:max-w-xs"
          />
          <YesNoField name="isCarOwner" question={Q.isCarOwner} />
        </section>

        <section aria-labelledby="household-borrower" className="space-y-4 border-t border-gray-200 pt-6">
          <h2 id="household-borrower" className="text-lg font-semibold text-gray-900">
            {intl.formatMessage(M.aboutYou)}
          </h2>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              name="borrower.firstName"
              label={L.firstName}
              maxLength={LIMITS.name}
              autoComplete="given-name"
            />
            <TextField
              name="borrower.lastName"
              label={L.lastName}
              maxLength={LIMITS.name}
              autoComplete="family-name"
            />
          </div>
          <ReadOnlyValue label={L.email} value={application.borrower.email ?? ''} />
          <PhoneField name="borrower.phoneNumber" label={L.phoneNumber} className="sm:max-w-xs" />
          <AddressFields person="borrower" onPick={fillAddress('borrower')} />
          <DateField
            name="borrower.dateOfBirth"
            label={L.dateOfBirth}
            autoComplete="bday"
            className="sm:max-w-xs"
          />
        </section>

        <section className="space-y-6 border-t border-gray-200 pt-6">
          <YesNoField
            name="hasSpouse"
            question={Q.hasSpouse}
            onAnswer={(yes) => {
              const current = form.getValues('spouse');
              if (!yes) {
                if (current) stashedSpouse.current = current;
                set('spouse', null);
              } else if (!current) {
                set('spouse', stashedSpouse.current ?? EMPTY_SPOUSE);
              }
            }}
          />
          {hasSpouse === true && (
            <div role="group" aria-labelledby="household-spouse" className="space-y-4">
              <h2 id="household-spouse" className="text-lg font-semibold text-gray-900">
                {intl.formatMessage(M.aboutSpouse)}
              </h2>
              <div className="grid gap-4 sm:grid-cols-2">
                <TextField
                  name="spouse.firstName"
                  label={L.firstName}
                  maxLength={LIMITS.name}
                  autoComplete="off"
                />
                <TextField
                  name="spouse.lastName"
                  label={L.lastName}
                  maxLength={LIMITS.name}
                  autoComplete="off"
                />
              </div>
              <EmailField name="spouse.email" label={optionalLabel(intl, L.email)} autoComplete="off" />
              <PhoneField
                name="spouse.phoneNumber"
                label={optionalLabel(intl, L.phoneNumber)}
                autoComplete="off"
                className="sm:max-w-xs"
              />
              <DateField
                name="spouse.dateOfBirth"
                label={L.dateOfBirth}
                autoComplete="off"
                className="sm:max-w-xs"
              />
              <SelectField
                name="spouse.preferredLanguage"
                label={L.preferredLanguage}
                hint={intl.formatMessage(M.spouseLanguageHint)}
                placeholder={intl.formatMessage(M.spouseLanguageSame)}
                options={LANGUAGES.map((language) => ({
                  value: language,
                  label: intl.formatMessage(SPOUSE_LANGUAGE_MESSAGES[language]),
                }))}
                className="sm:max-w-xs"
              />
              <YesNoField
                name="spouse.hasSameAddressAsBorrower"
                question={Q.hasSameAddressAsBorrower}
                onAnswer={(same) => {
                  // Yes copies the borrower's address (the effect keeps it in step); No starts empty.
                  if (!same) ADDRESS_KEYS.forEach((key) => set(`spouse.${key}`, key === 'state' ? null : ''));
                }}
              />
              {sameAddress === true && (
                <div className="grid gap-4 sm:grid-cols-2">
                  {ADDRESS_KEYS.map((key, index) => (
                    <ReadOnlyValue
                      key={key}
                      label={L[key]}
                      value={
                        key === 'state'
                          ? (stateOptions(intl).find((s) => s.value === borrowerAddress[index])?.label ?? '')
                          : String(borrowerAddress[index] ?? '')
                      }
                      className={
                        key === 'addressLine1' || key === 'addressLine2' ? 'sm:col-span-2' : undefined
                      }
                    />
                  ))}
                </div>
              )}
              {sameAddress === false && <AddressFields person="spouse" onPick={fillAddress('spouse')} />}
            </div>
          )}
        </section>

        <SubmitButton busy={busy}>{intl.formatMessage(SAVE_MESSAGES.continue)}</SubmitButton>
      </form>
      <BusyOverlay show={busy} text={intl.formatMessage(SAVE_MESSAGES.saving)} />
      {errorModal}
    </FormProvider>
  );
}

function AddressFields({ person, onPick }: { person: Person; onPick: (s: AddressSuggestion) => void }) {
  const { intl, L } = useHouseholdTexts();
  const auto = person === 'borrower';
  return (
    <div className="grid gap-4 sm:grid-cols-6">
      <AddressAutocompleteField
        name={`${person}.addressLine1`}
        label={L.addressLine1}
        onPick={onPick}
        className="sm:col-span-6"
      />
      <TextField
        name={`${person}.addressLine2`}
        label={L.addressLine2}
        hint={intl.formatMessage(FIXED.addressLine2Hint)}
        autoComplete={auto ? 'address-line2' : 'off'}
        className="sm:col-span-6"
      />
      <TextField
        name={`${person}.city`}
        label={L.city}
        autoComplete={auto ? 'address-level2' : 'off'}
        className="sm:col-span-3"
      />
      <SelectField
        name={`${person}.state`}
        label={L.state}
        options={stateOptions(intl)}
        autoComplete={auto ? 'address-level1' : 'off'}
        className="sm:col-span-2"
      />
      <TextField
        name={`${person}.zipCode`}
        label={L.zipCode}
        inputMode="numeric"
        maxLength={LIMITS.zip}
        autoComplete={auto ? 'postal-code' : 'off'}
        className="sm:col-span-1"
      />
    </div>
  );
}

/** A value shown in a read-only input, labelled like the fields around it. */
function ReadOnlyValue({ label, value, className }: { label: string; value: string; className?: string }) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className={LABEL_CLASS}>
        {label}
      </label>
      <input
        id={id}
        type="text"
        readOnly
        value={value}
        // Marked important: INPUT_CLASS's bg-white and text-ink come later in the stylesheet and would win.
        className={`${INPUT_CLASS} bg-gray-100! text-gray-700!`}
      />
    </div>
  );
}
