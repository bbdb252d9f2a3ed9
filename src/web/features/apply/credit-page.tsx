import { useEffect, useRef, useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { agencyToday } from '#domain/calendar';
import {
  isUnderContractAge,
  UNDER_CONTRACT_AGE_TEXTS,
  type UnderAgePerson,
} from '#domain/underwriting/contract-age';
import { CREDIT_CONSENT_LABELS, creditConsentSchema } from '#domain/validation/application';
import { MESSAGES } from '#domain/validation/messages';
import { ApiError } from '#web/lib/api';
import { BusyOverlay } from '#web/components/ui/busy-overlay';
import { CheckboxField } from '#web/components/ui/form/checkbox-field';
import { SubmitButton } from '#web/components/ui/form/submit-button';
import { useZodForm } from '#web/components/ui/form/use-zod-form';
import { ApplyPage } from './apply-page';
import type { ApplicationView } from './application-query';
import { saveCredit } from './api';
import { ApplyPageGate, useSavePage } from './save-page';

const TITLE = "Let's verify your debts";
export const VERIFYING_TEXT = 'Verifying your debts...';

const FIELD_ORDER = ['consentedToCreditPolicy', 'spouseConsentedToCreditPolicy'] as const;

/** With a spouse on the application, the spouse's consent is required too (the server checks it as well). */
const withSpouseSchema = creditConsentSchema.extend({
  spouseConsentedToCreditPolicy: z
    .boolean({ error: MESSAGES.creditConsentRequired })
    .refine((v) => v, { error: MESSAGES.creditConsentRequired }),
});

/** /credit: consent to the soft credit inquiry, then the pull. */
export function Component() {
  return (
    <ApplyPageGate page="Credit" title={TITLE}>
      {(application) => (
        <ApplyPage page="Credit" title={TITLE}>
          <CreditForm application={application} />
        </ApplyPage>
      )}
    </ApplyPageGate>
  );
}

/** Who on the application is under 18 today in the agency's calendar, by the dates of birth on /household. */
function underAgePerson(application: ApplicationView): UnderAgePerson | null {
  const today = agencyToday();
  if (isUnderContractAge(application.borrower.dateOfBirth, today)) return 'borrower';
  if (application.spouse && isUnderContractAge(application.spouse.dateOfBirth, today)) return 'spouse';
  return null;
}

function CreditForm({ application }: { application: ApplicationView }) {
  // Known from the household answers already, so a minor is not asked to consent to a pull that cannot
  // happen; the server's refusal (422) shows the same explanation, for a date that changed meanwhile.
  const [underAge, setUnderAge] = useState<UnderAgePerson | null>(() => underAgePerson(application));
  if (underAge) return <UnderContractAgeNotice person={underAge} />;
  return <ConsentForm application={application} onUnderAge={setUnderAge} />;
}

function ConsentForm({
  application,
  onUnderAge,
}: {
  application: ApplicationView;
  onUnderAge: (person: UnderAgePerson) => void;
}) {
  const hasSpouse = application.household.hasSpouse === true;
  const form = useZodForm(
    hasSpouse ? withSpouseSchema : creditConsentSchema,
    hasSpouse
      ? {
          consentedToCreditPolicy: application.borrower.consentedToCreditPolicy ?? false,
          spouseConsentedToCreditPolicy: application.spouse?.consentedToCreditPolicy ?? false,
        }
      : { consentedToCreditPolicy: application.borrower.consentedToCreditPolicy ?? false },
  );
  const { save, busy, errorModal } = useSavePage(saveCredit, {
    form,
    fieldOrder: FIELD_ORDER,
    onError: (error) => {
      if (!(error instanceof ApiError && error.code === 'UnderContractAge')) return false;
      onUnderAge(error.fieldErrors['spouse.dateOfBirth'] ? 'spouse' : 'borrower');
      return true;
    },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    await save(values);
  });

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={onSubmit} className="space-y-6">
        <h1 className="text-2xl font-bold text-gray-900 sm:text-3xl">{TITLE}</h1>
        <div className="space-y-3 text-gray-700">
          <p>
            To find the debts a Debt Management Plan can help with, we need to look at your credit report
            {hasSpouse ? ' and your spouse’s' : ''}.
          </p>
          <p>
            This is a <strong className="font-semibold text-gray-900">soft inquiry</strong>: it does not
            affect your credit score{hasSpouse ? ' or your spouse’s' : ''}.
          </p>
        </div>
        <div className="space-y-4 rounded-lg bg-gray-50 p-4">
          <CheckboxField name="consentedToCreditPolicy" label={CREDIT_CONSENT_LABELS.borrower} />
          {hasSpouse && (
            <CheckboxField name="spouseConsentedToCreditPolicy" label={CREDIT_CONSENT_LABELS.spouse} />
          )}
        </div>
        <SubmitButton busy={busy}>Continue</SubmitButton>
      </form>
      <BusyOverlay show={busy} text={VERIFYING_TEXT} />
      {errorModal}
    </FormProvider>
  );
}

/**
 * Instead of the consent: why the application stops here (a plan is a contract, which a person under 18
 * cannot sign) and what they can do. The heading takes the focus so a screen reader reads it out.
 */
function UnderContractAgeNotice({ person }: { person: UnderAgePerson }) {
  const text = UNDER_CONTRACT_AGE_TEXTS[person];
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-gray-900 sm:text-3xl">{TITLE}</h1>
      <section aria-labelledby="under-contract-age" className="space-y-4">
        <div className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-4">
          <h2
            id="under-contract-age"
            ref={heading}
            tabIndex={-1}
            className="text-lg font-semibold text-gray-900 focus:outline-none"
          >
            {text.title}
          </h2>
          <p className="mt-2 text-gray-800">{text.why}</p>
        </div>
        <h3 className="text-lg font-semibold text-gray-900">What you can do</h3>
        <ul className="space-y-3">
          {text.nextSteps.map((step) => (
            <li key={step.title} className="rounded-lg border border-gray-200 px-4 py-3">
              <p className="font-semibold text-gray-900">{step.title}</p>
              <p className="mt-1 text-gray-700">{step.text}</p>
              {step.link ? (
                <p className="mt-2">
                  {step.link.href.startsWith('/') ? (
                    <Link to={step.link.href} className={LINK_CLASS}>
                      {step.link.label}
                    </Link>
                  ) : (
                    <a href={step.link.href} className={LINK_CLASS}>
                      {step.link.label}
                    </a>
                  )}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

const LINK_CLASS =
  'inline-flex min-h-11 items-center font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800';
