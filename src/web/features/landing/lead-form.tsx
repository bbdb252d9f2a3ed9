import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { FormProvider, type FieldErrors } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { LEGAL_DOCUMENTS, type LegalDocument } from '#domain/legal-documents';
import { SITE } from '#domain/site';
import type { LeadInput, leadSchema } from '#domain/validation/account';
import {
  LEAD_FORM_ANSWER_ID,
  LEAD_FORM_FIELDS,
  parseLeadFormAnswer,
  type LeadFormAnswer,
} from '#domain/validation/lead-form-answer';
import { LIMITS } from '#domain/validation/limits';
import { MESSAGE_REFS } from '#domain/validation/messages';
import { ApiError } from '#web/lib/api';
import { apiErrorMessage } from '#web/lib/api-error-text';
import type { FieldErrorWithRef } from '#web/components/ui/form/zod-ref-resolver';
import { useLegalDocumentTitle } from '#web/components/layout/legal-document-titles';
import { AppLink, useNavigation } from '#web/components/layout/navigation';
import { CheckboxField } from '#web/components/ui/form/checkbox-field';
import { EmailField } from '#web/components/ui/form/email-field';
import { PhoneField } from '#web/components/ui/form/phone-field';
import { applyServerFieldErrors } from '#web/components/ui/form/server-errors';
import { SubmitButton } from '#web/components/ui/form/submit-button';
import { TextField } from '#web/components/ui/form/text-field';
import { useFailureModal } from '#web/components/ui/form/use-failure-modal';
import { useLazyZodForm } from '#web/components/ui/form/use-lazy-zod-form';
import { createLead } from './api';
import { LEAD_FORM_ID } from './focus-lead-form';

// The error modal (and Radix with it) loads only when a submit fails: the landing chunk stays small.
const ErrorModal = lazy(() =>
  import('#web/components/ui/error-modal').then((m) => ({ default: m.ErrorModal })),
);

const LINK_CLASS = 'font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800';

const CONTACT_CONSENT_ID = 'lead-contact-consent';

const [TERMS, PRIVACY, CREDIT_REPORT] = (
  ['terms-and-conditions', 'privacy-policy', 'credit-report-policy'] as const
).map((key) => LEGAL_DOCUMENTS.find((document) => document.key === key)!) as [
  LegalDocument,
  LegalDocument,
  LegalDocument,
];

/** A policy of the product, in a new tab: the visitor's answers in the form stay where they are. */
function PolicyLink({ document }: { document: LegalDocument }) {
  const titleOf = useLegalDocumentTitle();
  return (
    <a href={document.path} target="_blank" rel="noopener" className={LINK_CLASS}>
      <FormattedMessage
        id="lead.form.policyLink"
        defaultMessage="{title}<hidden> (opens in a new tab)</hidden>"
        values={{
          title: titleOf(document),
          hidden: (chunks) => <span className="sr-only">{chunks}</span>,
        }}
      />
    </a>
  );
}

/**
 * The server's answer to the form sent without the script (what was typed and the field messages), written into
 * the page it answered with: the form starts from it, so it is taken over exactly as it was drawn. Read once;
 * a later visit to the form in the same page starts empty.
 */
let pendingAnswer: LeadFormAnswer | undefined =
  typeof document === 'undefined'
    ? undefined
    : parseLeadFormAnswer(document.getElementById(LEAD_FORM_ANSWER_ID)?.textContent);

/** The build draws the answered page with this (the page's form with every message in place). */
export function setLeadFormAnswer(answer: LeadFormAnswer | undefined): void {
  pendingAnswer = answer;
}

const EMPTY: LeadInput = { firstName: '', lastName: '', email: '', phoneNumber: '', agreedToTerms: false };

const asFieldErrors = (errors: LeadFormAnswer['errors']): FieldErrors<LeadInput> =>
  Object.fromEntries(
    Object.entries(errors).map(([field, message]) => [field, { type: 'server', message }]),
  ) as FieldErrors<LeadInput>;

// The lead schema (and zod with it) is not part of the landing page's first JavaScript: it is fetched when the
// visitor starts on the form, or at the latest when the form validates.
const loadLeadSchema = () => import('#domain/validation/account').then((m) => m.leadSchema);

/** The first form of the application: creates the account and signs the visitor in. */
export function LeadForm() {
  const intl = useIntl();
  const { location, navigate } = useNavigation();
  const failure = useFailureModal();
  // Kept as one value: react-hook-form sets the errors it is given again whenever they change.
  const [answer] = useState(() =>
    pendingAnswer ? { values: pendingAnswer.values, errors: asFieldErrors(pendingAnswer.errors) } : undefined,
  );
  useEffect(() => setLeadFormAnswer(undefined), []);
  // Marks the form once its script has it (the browser tests wait for it before testing the script's own
  // validation); set on the element, not drawn, so the build's HTML and the first render stay the same.
  const formElement = useRef<HTMLFormElement>(null);
  useEffect(() => formElement.current?.setAttribute('data-taken-over', ''), []);
  // What a visitor types into the prerendered form before the script has taken it over is kept: react-hook-form
  // reads an input that was edited before it registered it instead of resetting it to these values.
  const { form, loadValidation } = useLazyZodForm<typeof leadSchema>(
    loadLeadSchema,
    answer?.values ?? EMPTY,
    answer?.errors,
  );
  const preloadValidation = () => void loadValidation().catch(() => undefined);

  // The first failing field takes focus at a submit (react-hook-form does it, except for a form started
  // from the server's answer, which must not move focus as it is taken over).
  const focusFirstError = (errors: FieldErrors<LeadInput>) => {
    const first = LEAD_FORM_FIELDS.find((field) => errors[field]);
    if (first && answer) form.setFocus(first);
  };
  const submit = form.handleSubmit(async (values) => {
    try {
      // What only a send needs comes with it: the campaign parameters' cleaning and the session cache.
      const [{ utmFromSearch }, { refreshSession }, { queryClient }] = await Promise.all([
        import('./utm'),
        import('#web/lib/session'),
        import('#web/lib/query-client'),
      ]);
      const answer = await createLead({
        ...values,
        utm: utmFromSearch(new URLSearchParams(location.search)),
      });
      await refreshSession(queryClient);
      await navigate(answer.next);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'UsernameExistsException') {
        const taken: FieldErrorWithRef = {
          type: 'server',
          message: error.message,
          messageRef: error.messageRef,
        };
        form.setError('email', taken, { shouldFocus: true });
        return;
      }
      const fields = ['firstName', 'lastName', 'email', 'phoneNumber', 'agreedToTerms'] as const;
      if (!applyServerFieldErrors(form, error, fields)) {
        failure.show(error instanceof ApiError ? apiErrorMessage(error) : MESSAGE_REFS.saveFailed);
      }
    }
  }, focusFirstError);
  // Validation itself can fail only when its code could not be downloaded.
  const onSubmit = (event: FormEvent<HTMLFormElement>) =>
    void submit(event).catch(() => failure.show(MESSAGE_REFS.networkError));

  return (
    <FormProvider {...form}>
      {/* A real form: sent before the script has taken it over (or without one), the browser posts it to the
          page's own address (the campaign's query string included) and the server answers; the answer opens
          on the form's section, where the messages are. */}
      <form
        ref={formElement}
        method="post"
        action={`#${LEAD_FORM_ID}`}
        noValidate
        onSubmit={onSubmit}
        onFocus={preloadValidation}
        onPointerDown={preloadValidation}
        className="space-y-4"
        aria-label={intl.formatMessage({ id: 'lead.form.label', defaultMessage: 'Start your application' })}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            name="firstName"
            label={intl.formatMessage({ id: 'lead.form.firstName', defaultMessage: 'First name' })}
            autoComplete="given-name"
            maxLength={LIMITS.name}
          />
          <TextField
            name="lastName"
            label={intl.formatMessage({ id: 'lead.form.lastName', defaultMessage: 'Last name' })}
            autoComplete="family-name"
            maxLength={LIMITS.name}
          />
        </div>
        <EmailField
          name="email"
          label={intl.formatMessage({ id: 'lead.form.email', defaultMessage: 'Email address' })}
        />
        <PhoneField
          name="phoneNumber"
          label={intl.formatMessage({ id: 'lead.form.phoneNumber', defaultMessage: 'Phone number' })}
        />
        <CheckboxField
          name="agreedToTerms"
          label={
            <FormattedMessage
              id="lead.form.agreeToTerms"
              defaultMessage="I agree to the {terms} and the {privacy}."
              values={{ terms: <PolicyLink document={TERMS} />, privacy: <PolicyLink document={PRIVACY} /> }}
            />
          }
        />
        <p id={CONTACT_CONSENT_ID} className="text-sm text-gray-700">
          <FormattedMessage
            id="lead.form.contactConsent"
            defaultMessage="By selecting Get Started, you agree that {company} and {agency} may call you and send you text messages at the number above about your application and your debt management plan, including with automated technology. Agreeing is not a condition of our service: you can apply without it by calling us at {phone}. Message and data rates may apply; how often we text depends on your application. Reply STOP to stop text messages, or HELP for help. Before we check your credit, we ask your permission: see our {creditReportPolicy}."
            values={{
              company: SITE.companyName,
              agency: SITE.agencyName,
              phone: (
                <a href={`tel:${SITE.phone.tel}`} className={LINK_CLASS}>
                  {SITE.phone.display}
                </a>
              ),
              creditReportPolicy: <PolicyLink document={CREDIT_REPORT} />,
            }}
          />
        </p>
        <SubmitButton busy={form.formState.isSubmitting}>
          <FormattedMessage id="landing.getStarted" defaultMessage="Get Started" />
        </SubmitButton>
        <p className="text-center text-sm text-gray-700">
          <FormattedMessage
            id="lead.form.alreadyApplied"
            defaultMessage="Already applied? <link>Sign in</link>"
            values={{
              link: (chunks) => (
                <AppLink to="/sign-in" className={LINK_CLASS}>
                  {chunks}
                </AppLink>
              ),
            }}
          />
        </p>
      </form>
      {failure.props.open || failure.props.message ? (
        <Suspense fallback={null}>
          <ErrorModal {...failure.props} />
        </Suspense>
      ) : null}
    </FormProvider>
  );
}
