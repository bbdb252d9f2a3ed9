import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { FormProvider } from 'react-hook-form';
import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { useLocation } from 'react-router';
import { SITE } from '#domain/site';
import { FIXED } from '#domain/i18n/validation-messages';
import { spouseConsentSchema, type SpouseConsentPageView } from '#domain/validation/spouse-consent';
import { SPOUSE_CONSENT_TEXTS } from '#domain/validation/spouse-consent-texts';
import { ApiError } from '#web/lib/api';
import { apiErrorText } from '#web/lib/api-error-text';
import { useDocumentTitle } from '#web/components/layout/use-document-title';
import { ErrorModal } from '#web/components/ui/error-modal';
import { CheckboxField } from '#web/components/ui/form/checkbox-field';
import { applyServerFieldErrors } from '#web/components/ui/form/server-errors';
import { SubmitButton } from '#web/components/ui/form/submit-button';
import { TextField } from '#web/components/ui/form/text-field';
import { useFailureModal } from '#web/components/ui/form/use-failure-modal';
import { useZodForm } from '#web/components/ui/form/use-zod-form';
import { LoadingScreen } from '#web/components/ui/loading-screen';
import { LoadFailure } from '#web/components/ui/load-failure';
import { giveSpouseConsent, spouseConsentPageQuery } from './spouse-consent-api';

// /spouse-consent#t=<token>: the page the spouse opens from the email the applicant had sent them. The token
// sits in the URL fragment, which browsers never send, so it stays out of server logs; the page sends it only
// in POST bodies. The email's link names the spouse's language (?lang=), so the page opens in it.

const TYPED = defineMessages({
  title: { id: 'spouseConsent.title', defaultMessage: 'Your consent for a credit check' },
  loading: { id: 'spouseConsent.loading', defaultMessage: 'Loading...' },
  intro: {
    id: 'spouseConsent.intro',
    defaultMessage:
      'Hi {spouse}, {borrower} is applying with you for a Debt Management Plan with {agency}. To find the debts the plan can help with, we would like to look at your credit report too, and only with your own consent.',
  },
  soft: {
    id: 'spouseConsent.soft',
    defaultMessage:
      'This is a <strong>soft inquiry</strong>: it does not affect your credit score. Nothing is checked until you give your consent here.',
  },
  fullName: { id: 'spouseConsent.fullName', defaultMessage: 'Your full name' },
  fullNameHint: {
    id: 'spouseConsent.fullNameHint',
    defaultMessage: 'Type your first and last name as a signature, as {borrower} gave them.',
  },
  submit: { id: 'spouseConsent.submit', defaultMessage: 'Give my consent' },
  failed: {
    id: 'spouseConsent.failed',
    defaultMessage: 'Your consent could not be saved. Please try again.',
  },
  thanksTitle: { id: 'spouseConsent.thanks.title', defaultMessage: 'Thank you' },
  thanks: {
    id: 'spouseConsent.thanks.text',
    defaultMessage:
      'Your consent is recorded. {borrower} can now continue the application, and your credit report is checked with theirs.',
  },
  noLongerTitle: { id: 'spouseConsent.noLonger.title', defaultMessage: 'This link no longer works' },
  doneTitle: { id: 'spouseConsent.done.title', defaultMessage: 'Your consent is recorded' },
  questions: {
    id: 'spouseConsent.questions',
    defaultMessage: 'Questions? Call us at {phone}.',
  },
});

// Messages with values, used as plain descriptors (the i18n check compares their placeholders).
const M = TYPED as { [K in keyof typeof TYPED]: MessageDescriptor };

const H1 = 'text-2xl font-bold text-gray-900 sm:text-3xl';

function Frame({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-6 sm:py-10">
      <div className="rounded-2xl border border-gray-200 bg-white p-5 shadow-sm sm:p-8">{children}</div>
    </div>
  );
}

/** The token of a `#t=<token>` fragment, if any. */
export function tokenFromHash(hash: string): string | undefined {
  return new URLSearchParams(hash.replace(/^#/, '')).get('t') || undefined;
}

export function Component() {
  const token = tokenFromHash(useLocation().hash);
  if (!token) return <LinkRefused message={FIXED.spouseConsentLinkNotValid} />;
  return <SpouseConsent key={token} token={token} />;
}

/** The server's refusal as a page: a link not ours or replaced, expired, or already used. */
function LinkRefused({ message, done = false }: { message: MessageDescriptor; done?: boolean }) {
  const intl = useIntl();
  const title = intl.formatMessage(done ? M.doneTitle : M.noLongerTitle);
  return (
    <Frame title={title}>
      <h1 className={H1}>{title}</h1>
      <p role={done ? 'status' : 'alert'} className="mt-3 text-lg text-gray-900">
        {intl.formatMessage(message)}
      </p>
      <Questions />
    </Frame>
  );
}

function Questions() {
  return (
    <p className="mt-4 text-gray-700">
      <FormattedMessage {...M.questions} values={{ phone: SITE.phone.display }} />
    </p>
  );
}

function refusalOf(error: unknown): { message: MessageDescriptor; done: boolean } | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 409) return { message: FIXED.spouseConsentAlreadyGiven, done: true };
  if (error.status === 410) return { message: FIXED.spouseConsentLinkExpired, done: false };
  // A token that is not one of ours, or is malformed (400 on the token), or was replaced by a newer link.
  if (error.status === 404 || (error.status === 400 && !error.fieldErrors.fullName)) {
    return { message: FIXED.spouseConsentLinkNotValid, done: false };
  }
  return null;
}

function SpouseConsent({ token }: { token: string }) {
  const intl = useIntl();
  const [given, setGiven] = useState(false);
  const [refused, setRefused] = useState<{ message: MessageDescriptor; done: boolean }>();
  const view = useQuery({ ...spouseConsentPageQuery(token), retry: false, staleTime: Infinity });
  const title = intl.formatMessage(M.title);
  if (refused) return <LinkRefused {...refused} />;
  if (view.isPending) return <LoadingScreen text={intl.formatMessage(M.loading)} />;
  if (view.isError) {
    const refusal = refusalOf(view.error);
    if (refusal) return <LinkRefused {...refusal} />;
    return (
      <Frame title={title}>
        <h1 className={H1}>{title}</h1>
        <LoadFailure error={view.error} onRetry={() => void view.refetch()} className="mt-4" />
      </Frame>
    );
  }
  if (given) return <Thanks view={view.data} />;
  return <ConsentForm token={token} view={view.data} onGiven={() => setGiven(true)} onRefused={setRefused} />;
}

function Thanks({ view }: { view: SpouseConsentPageView }) {
  const intl = useIntl();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const title = intl.formatMessage(M.thanksTitle);
  return (
    <Frame title={title}>
      <h1 ref={heading} tabIndex={-1} className={`${H1} focus:outline-none`}>
        {title}
      </h1>
      <p role="status" className="mt-3 text-lg text-gray-900">
        {intl.formatMessage(M.thanks, { borrower: view.borrowerFirstName })}
      </p>
      <Questions />
    </Frame>
  );
}

function ConsentForm({
  token,
  view,
  onGiven,
  onRefused,
}: {
  token: string;
  view: SpouseConsentPageView;
  onGiven: () => void;
  onRefused: (refusal: { message: MessageDescriptor; done: boolean }) => void;
}) {
  const intl = useIntl();
  // The domain's rules (the server checks the same, and the name against the application's).
  const schema = useMemo(() => spouseConsentSchema.omit({ token: true }), []);
  const form = useZodForm(schema, { consentedToCreditPolicy: false, fullName: '' });
  const failure = useFailureModal();
  const give = useMutation({
    mutationFn: (values: { consentedToCreditPolicy: true; fullName: string }) =>
      giveSpouseConsent(token, values),
  });
  const onSubmit = form.handleSubmit(async (values) => {
    if (give.isPending) return;
    try {
      await give.mutateAsync({ consentedToCreditPolicy: true, fullName: values.fullName });
      onGiven();
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal) onRefused(refusal);
      else if (applyServerFieldErrors(form, error, ['consentedToCreditPolicy', 'fullName'])) return;
      else
        failure.show(
          error instanceof ApiError && error.code === 'NetworkError'
            ? apiErrorText(intl, error)
            : intl.formatMessage(M.failed),
        );
    }
  });
  const title = intl.formatMessage(M.title);
  return (
    <Frame title={title}>
      <h1 className={H1}>{title}</h1>
      <p className="mt-3 text-gray-800">
        {intl.formatMessage(M.intro, {
          spouse: view.spouseFirstName,
          borrower: view.borrowerFirstName,
          agency: SITE.agencyName,
        })}
      </p>
      <p className="mt-3 text-gray-700">
        <FormattedMessage
          {...M.soft}
          values={{ strong: (chunks) => <strong className="font-semibold text-gray-900">{chunks}</strong> }}
        />
      </p>
      <FormProvider {...form}>
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-6 space-y-5">
          <div className="rounded-lg bg-gray-50 p-4">
            <CheckboxField
              name="consentedToCreditPolicy"
              label={intl.formatMessage(SPOUSE_CONSENT_TEXTS.emailedLink)}
            />
          </div>
          <TextField
            name="fullName"
            label={intl.formatMessage(M.fullName)}
            hint={intl.formatMessage(M.fullNameHint, { borrower: view.borrowerFirstName })}
            autoComplete="name"
            maxLength={100}
          />
          <SubmitButton busy={give.isPending}>{intl.formatMessage(M.submit)}</SubmitButton>
        </form>
      </FormProvider>
      <ErrorModal {...failure.props} />
    </Frame>
  );
}
