import { useEffect, useRef, useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { defineMessages, FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { Link } from 'react-router';
import { z } from 'zod';
import { agencyToday } from '#domain/calendar';
import { SITE } from '#domain/site';
import { isUnderContractAge, type UnderAgePerson } from '#domain/underwriting/contract-age';
import type { OutcomeText } from '#domain/underwriting/outcomes';
import { creditConsentSchema } from '#domain/validation/application';
import { MESSAGES } from '#domain/validation/messages';
import { ApiError } from '#web/lib/api';
import { BusyOverlay } from '#web/components/ui/busy-overlay';
import { CheckboxField } from '#web/components/ui/form/checkbox-field';
import { SubmitButton } from '#web/components/ui/form/submit-button';
import { useZodForm } from '#web/components/ui/form/use-zod-form';
import { ApplyPage } from './apply-page';
import type { ApplicationView } from './application-query';
import { saveCredit } from './api';
import { ApplyPageGate, SAVE_MESSAGES, useSavePage } from './save-page';

const M = defineMessages({
  title: { id: 'apply.credit.title', defaultMessage: "Let's verify your debts" },
  verifying: { id: 'apply.credit.verifying', defaultMessage: 'Verifying your debts...' },
  // The domain's CREDIT_CONSENT_LABELS, word for word.
  consentBorrower: {
    id: 'apply.credit.consent.borrower',
    defaultMessage:
      'I authorize Clearpath Debt Relief to obtain my credit report (a soft inquiry that does not affect my credit score) to verify my debts.',
  },
  consentSpouse: {
    id: 'apply.credit.consent.spouse',
    defaultMessage:
      'My spouse authorizes Clearpath Debt Relief to obtain their credit report (a soft inquiry that does not affect their credit score).',
  },
  whatYouCanDo: { id: 'apply.credit.underAge.whatYouCanDo', defaultMessage: 'What you can do' },
});
export const VERIFYING_TEXT = String(M.verifying.defaultMessage);

const FIELD_ORDER = ['consentedToCreditPolicy', 'spouseConsentedToCreditPolicy'] as const;

/** With a spouse on the application, the spouse's consent is required too (the server checks it as well). */
const withSpouseSchema = creditConsentSchema.extend({
  spouseConsentedToCreditPolicy: z
    .boolean({ error: MESSAGES.creditConsentRequired })
    .refine((v) => v, { error: MESSAGES.creditConsentRequired }),
});

/** /credit: consent to the soft credit inquiry, then the pull. */
export function Component() {
  const title = useIntl().formatMessage(M.title);
  return (
    <ApplyPageGate page="Credit" title={title}>
      {(application) => (
        <ApplyPage page="Credit" title={title}>
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
  const intl = useIntl();
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
        <h1 className="text-2xl font-bold text-gray-900 sm:text-3xl">{intl.formatMessage(M.title)}</h1>
        <div className="space-y-3 text-gray-700">
          <p>
            <FormattedMessage
              id="apply.credit.why"
              defaultMessage="To find the debts a Debt Management Plan can help with, we need to look at your credit report{spouse, select, yes { and your spouse’s} other {}}."
              values={{ spouse: hasSpouse ? 'yes' : 'no' }}
            />
          </p>
          <p>
            <FormattedMessage
              id="apply.credit.softInquiry"
              defaultMessage="This is a <strong>soft inquiry</strong>: it does not affect your credit score{spouse, select, yes { or your spouse’s} other {}}."
              values={{
                spouse: hasSpouse ? 'yes' : 'no',
                strong: (chunks) => <strong className="font-semibold text-gray-900">{chunks}</strong>,
              }}
            />
          </p>
        </div>
        <div className="space-y-4 rounded-lg bg-gray-50 p-4">
          <CheckboxField name="consentedToCreditPolicy" label={intl.formatMessage(M.consentBorrower)} />
          {hasSpouse && (
            <CheckboxField name="spouseConsentedToCreditPolicy" label={intl.formatMessage(M.consentSpouse)} />
          )}
        </div>
        <SubmitButton busy={busy}>{intl.formatMessage(SAVE_MESSAGES.continue)}</SubmitButton>
      </form>
      <BusyOverlay show={busy} text={intl.formatMessage(M.verifying)} />
      {errorModal}
    </FormProvider>
  );
}

/**
 * Instead of the consent: why the application stops here (a plan is a contract, which a person under 18
 * cannot sign) and what they can do. The heading takes the focus so a screen reader reads it out.
 */
function UnderContractAgeNotice({ person }: { person: UnderAgePerson }) {
  const intl = useIntl();
  const text = underContractAgeText(intl, person);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-gray-900 sm:text-3xl">{intl.formatMessage(M.title)}</h1>
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
        <h3 className="text-lg font-semibold text-gray-900">{intl.formatMessage(M.whatYouCanDo)}</h3>
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

/**
 * The domain's UNDER_CONTRACT_AGE_TEXTS (src/domain/underwriting/contract-age.ts), word for word, in the
 * page's language: what the credit page says instead of pulling credit, for the borrower or the spouse.
 */
export function underContractAgeText(intl: IntlShape, person: UnderAgePerson): OutcomeText {
  const phone = SITE.phone.display;
  const fixDate = {
    title: intl.formatMessage({
      id: 'apply.credit.underAge.fixDate.title',
      defaultMessage: 'If the date of birth is wrong',
    }),
    text: intl.formatMessage({
      id: 'apply.credit.underAge.fixDate.text',
      defaultMessage:
        'Correct it on the household page, then come back here: your application is still open.',
    }),
    link: {
      label: intl.formatMessage({
        id: 'apply.credit.underAge.fixDate.link',
        defaultMessage: 'Correct the date of birth',
      }),
      href: '/household',
    },
  };
  const counselling = {
    title: intl.formatMessage({
      id: 'apply.credit.underAge.counselling.title',
      defaultMessage: 'Talk to a counsellor, free',
    }),
    text: intl.formatMessage(
      {
        id: 'apply.credit.underAge.counselling.text',
        defaultMessage:
          'Call us at {phone}, {hours}. A certified credit counsellor will talk your situation through with you, free of charge, whatever your age.',
      },
      // The office hours (SITE.hours), written out in the page's language, as the footer does.
      {
        phone,
        hours: intl.formatMessage({ id: 'footer.hours', defaultMessage: 'Monday - Friday 9AM - 5PM EST' }),
      },
    ),
    link: {
      label: intl.formatMessage(
        { id: 'apply.credit.underAge.counselling.link', defaultMessage: 'Call {phone}' },
        { phone },
      ),
      href: `tel:${SITE.phone.tel}`,
    },
  };
  if (person === 'borrower') {
    return {
      title: intl.formatMessage({
        id: 'apply.credit.underAge.borrower.title',
        defaultMessage: 'You need to be 18 to start a plan',
      }),
      why: intl.formatMessage({
        id: 'apply.credit.underAge.borrower.why',
        defaultMessage:
          'A Debt Management Plan is a contract: you sign it and promise a monthly payment. A person under 18 cannot sign a contract, and the date of birth you gave makes you younger than 18. We have stopped here, before checking your credit.',
      }),
      nextSteps: [
        fixDate,
        {
          title: intl.formatMessage({
            id: 'apply.credit.underAge.borrower.guardian.title',
            defaultMessage: 'A parent or guardian can apply',
          }),
          text: intl.formatMessage({
            id: 'apply.credit.underAge.borrower.guardian.text',
            defaultMessage:
              'If the debts are in a parent’s or guardian’s name, they can apply for a plan for their own debts.',
          }),
        },
        counselling,
      ],
    };
  }
  return {
    title: intl.formatMessage({
      id: 'apply.credit.underAge.spouse.title',
      defaultMessage: 'Your spouse needs to be 18 to sign the plan',
    }),
    why: intl.formatMessage({
      id: 'apply.credit.underAge.spouse.why',
      defaultMessage:
        'A Debt Management Plan is a contract that you and your spouse both sign. A person under 18 cannot sign a contract, and the date of birth given for your spouse makes them younger than 18. We have stopped here, before checking anyone’s credit.',
    }),
    nextSteps: [
      fixDate,
      {
        title: intl.formatMessage({
          id: 'apply.credit.underAge.spouse.alone.title',
          defaultMessage: 'Apply on your own',
        }),
        text: intl.formatMessage({
          id: 'apply.credit.underAge.spouse.alone.text',
          defaultMessage:
            'You can apply for your own debts without your spouse: answer No to ‘Are you applying with a spouse?’ on the household page.',
        }),
        link: {
          label: intl.formatMessage({
            id: 'apply.credit.underAge.spouse.alone.link',
            defaultMessage: 'Change the household answers',
          }),
          href: '/household',
        },
      },
      counselling,
    ],
  };
}
