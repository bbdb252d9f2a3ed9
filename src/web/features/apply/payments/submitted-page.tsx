import { useMutation, useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { defineMessage, FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { parseDay } from '#domain/calendar';
import { Link, Navigate, useNavigate } from 'react-router';
import type { SubmittedView } from '#domain/enrollment/views';
import { formatUsd } from '#domain/enrollment/letter-of-authorization';
import { SITE } from '#domain/site';
import { ApiError } from '#web/lib/api';
import { apiErrorMessage } from '#web/lib/api-error-text';
import type { ShownMessage } from '#web/lib/message-text';
import { ErrorModal } from '#web/components/ui/error-modal';
import { useFailureModal } from '#web/components/ui/form/use-failure-modal';
import { LoadingScreen } from '#web/components/ui/loading-screen';
import { openSigningLink, resendLetter, submittedQuery } from '#web/features/apply/api';
import { ApplyPage } from '#web/features/apply/apply-page';
import { isCustomerPortalStatus } from '#domain/flow/statuses';
import { HEADING_CLASS, PRIMARY_BUTTON_CLASS, SECONDARY_BUTTON_CLASS } from './payments-page';
import { LoadFailure } from '#web/components/ui/load-failure';

// The component tests read these URLs from here.
export { RESEND_PATH, SUBMITTED_PATH, signingLinkPath } from '#web/features/apply/api';
// The English of messages below, for the tests.
export const SIGN_NOW = 'Sign now';
export const SIGN_NOW_FAILED = 'The signing page could not be opened. Please try again.';
/** While the letter waits for signatures the page asks again this often, and turns by itself. */
export const POLL_INTERVAL_MS = 10_000;
export const UNSIGNED_TITLE = 'Your signature is required';
const UNSIGNED_TITLE_MESSAGE = defineMessage({
  id: 'apply.submitted.unsignedTitle',
  defaultMessage: 'Your signature is required',
});
export const SIGNED_TITLE = 'Thank you for completing the Letter of Authorization';
export const RESEND_FAILED = 'The email could not be sent. Please try again.';
export const TERMS_HEADING = "Your plan's terms";
export const KEEP_PAYING =
  'Keep paying every card yourself until its creditor accepts the plan. We will tell you about each answer.';

/** 'yyyy-MM-dd' as the letter writes it: 'March 15, 2026' ('15 de marzo de 2026' in Spanish). */
const letterDate = (intl: IntlShape, isoDate: string): string =>
  intl.formatDate(parseDay(isoDate), {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

/**
 * The plan's terms as the letter states them, read from the server (never worked out here): what is drawn and
 * when, how many drafts, who the plan pays and whom the borrower keeps paying.
 */
export function PlanTermsSummary({ plan }: { plan: NonNullable<SubmittedView['plan']> }) {
  const intl = useIntl();
  const { terms } = plan;
  const rows: [string, string][] = [
    [
      intl.formatMessage({ id: 'apply.submitted.terms.drawn', defaultMessage: 'Amount drawn each month' }),
      terms.monthlyFee > 0
        ? intl.formatMessage(
            {
              id: 'apply.submitted.terms.drawnWithFee',
              defaultMessage: '{draft}, including our {fee} monthly fee',
            },
            { draft: formatUsd(terms.monthlyDraft), fee: formatUsd(terms.monthlyFee) },
          )
        : formatUsd(terms.monthlyDraft),
    ],
  ];
  if (terms.setupFee > 0 && terms.setupFeeDate) {
    rows.push([
      intl.formatMessage({ id: 'apply.submitted.terms.setupFee', defaultMessage: 'One-time set-up fee' }),
      intl.formatMessage(
        {
          id: 'apply.submitted.terms.setupFeeWhen',
          defaultMessage: '{fee}, drawn with the first draft on {date}',
        },
        { fee: formatUsd(terms.setupFee), date: letterDate(intl, terms.setupFeeDate) },
      ),
    ]);
  }
  if (terms.firstDraftDate) {
    rows.push([
      intl.formatMessage({ id: 'apply.submitted.terms.firstDraft', defaultMessage: 'First draft' }),
      intl.formatMessage(
        {
          id: 'apply.submitted.terms.firstDraftWhen',
          defaultMessage:
            '{date}, then on the {day, selectordinal, one {#st} two {#nd} few {#rd} other {#th}} of each month',
        },
        { date: letterDate(intl, terms.firstDraftDate), day: terms.draftDay },
      ),
    ]);
  }
  rows.push([
    intl.formatMessage({ id: 'apply.submitted.terms.drafts', defaultMessage: 'Number of drafts' }),
    intl.formatMessage(
      {
        id: 'apply.submitted.terms.draftsValue',
        defaultMessage:
          '{count}{hasLast, select, yes {, the last on {lastDate}} other {}}{smallerLast, select, yes { ({lastAmount})} other {}}',
      },
      {
        count: terms.termInMonths,
        hasLast: terms.lastDraftDate ? 'yes' : 'no',
        lastDate: terms.lastDraftDate ? letterDate(intl, terms.lastDraftDate) : '',
        smallerLast: terms.lastDraftAmount < terms.monthlyDraft ? 'yes' : 'no',
        lastAmount: formatUsd(terms.lastDraftAmount),
      },
    ),
  ]);
  return (
    <section aria-labelledby="plan-terms-heading" className="mt-8">
      <h2 id="plan-terms-heading" className="text-lg font-semibold text-gray-900">
        <FormattedMessage id="apply.submitted.terms.heading" defaultMessage="Your plan's terms" />
      </h2>
      <dl className="mt-2 divide-y divide-gray-200 rounded-lg border border-gray-200">
        {rows.map(([label, value]) => (
          <div key={label} className="px-4 py-3 sm:grid sm:grid-cols-3 sm:gap-4">
            <dt className="text-sm font-medium text-gray-600">{label}</dt>
            <dd className="mt-1 text-gray-900 sm:col-span-2 sm:mt-0">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-sm text-gray-600">
        {/* DRAFT_ON_NON_BUSINESS_DAY of the letter, in the page's language. */}
        <FormattedMessage
          id="apply.submitted.terms.nonBusinessDay"
          defaultMessage="A draft due on a weekend or a bank holiday is drawn on the next business day."
        />
      </p>

      <h3 className="mt-6 font-semibold text-gray-900">
        <FormattedMessage id="apply.submitted.terms.creditors" defaultMessage="Creditors in your plan" />
      </h3>
      <ul className="mt-2 divide-y divide-gray-200 rounded-lg border border-gray-200">
        {plan.creditors.map((c) => (
          <li key={c.creditorName} className="flex flex-wrap justify-between gap-2 px-4 py-3">
            <span className="min-w-0 break-words text-gray-900">{c.creditorName}</span>
            <span className="text-gray-700">
              <FormattedMessage
                id="apply.submitted.terms.aMonth"
                defaultMessage="{amount} a month"
                values={{ amount: formatUsd(c.payment) }}
              />
            </span>
          </li>
        ))}
      </ul>

      {plan.payDirectly.length > 0 && (
        <>
          <h3 className="mt-6 font-semibold text-gray-900">
            <FormattedMessage
              id="apply.submitted.terms.payDirectly"
              defaultMessage="You keep paying these creditors yourself"
            />
          </h3>
          <ul className="mt-2 divide-y divide-gray-200 rounded-lg border border-gray-200">
            {plan.payDirectly.map((c) => (
              <li key={c.creditorName} className="px-4 py-3">
                <span className="flex flex-wrap justify-between gap-2">
                  <span className="min-w-0 break-words text-gray-900">{c.creditorName}</span>
                  <span className="text-gray-700">
                    <FormattedMessage
                      id="apply.submitted.terms.aboutAMonth"
                      defaultMessage="about {amount} a month"
                      values={{ amount: formatUsd(c.currentPayment) }}
                    />
                  </span>
                </span>
                <span className="block text-sm text-gray-600">
                  {c.why === 'leftOutByBorrower' ? (
                    <FormattedMessage
                      id="apply.submitted.terms.leftOut"
                      defaultMessage="You left it out of the plan."
                    />
                  ) : (
                    <FormattedMessage
                      id="apply.submitted.terms.declined"
                      defaultMessage="This creditor declined the plan."
                    />
                  )}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
      <p className="mt-6 rounded-lg bg-accent-100 px-4 py-3 font-medium text-gray-900">
        <FormattedMessage
          id="apply.submitted.keepPaying"
          defaultMessage="Keep paying every card yourself until its creditor accepts the plan. We will tell you about each answer."
        />
      </p>
    </section>
  );
}

/** /submitted: the Letter of Authorization waits for signatures, then what happens next. */
export function Component() {
  const intl = useIntl();
  const query = useQuery({
    ...submittedQuery(),
    // Polls until every signer has signed and the application has moved on to the counsellor's review.
    refetchInterval: (current) => {
      const data = current.state.data;
      return data?.signed && isCustomerPortalStatus(data.status) ? false : POLL_INTERVAL_MS;
    },
  });
  if (query.isPending) return <LoadingScreen />;
  // A failed poll keeps what was read; only a first read that failed shows the failure.
  if (query.data === undefined) {
    const error = query.error;
    if (error instanceof ApiError && error.redirect) return <Navigate to={error.redirect} replace />;
    return (
      <ApplyPage page="Submitted" title={intl.formatMessage(UNSIGNED_TITLE_MESSAGE)}>
        <LoadFailure error={error} onRetry={() => void query.refetch()} />
      </ApplyPage>
    );
  }
  return query.data.signed ? <Signed view={query.data} /> : <AwaitingSignature view={query.data} />;
}

/**
 * Opens a new signing link for the borrower (their emailed one may have expired): the product's signing page
 * (sandbox), in the app, or DocuSign's, which answers for minutes only, so it is asked for on the click.
 */
function SignNow({
  envelopeId,
  onFailure,
}: {
  envelopeId: string;
  onFailure: (message: ShownMessage) => void;
}) {
  const intl = useIntl();
  const navigate = useNavigate();
  const open = useMutation({ mutationFn: () => openSigningLink(envelopeId) });
  const onClick = async () => {
    if (open.isPending) return;
    try {
      const { url } = await open.mutateAsync();
      const target = new URL(url, window.location.href);
      if (target.origin === window.location.origin) void navigate(`${target.pathname}${target.hash}`);
      else window.location.assign(target.href);
    } catch (error) {
      onFailure(
        error instanceof ApiError &&
          (error.code === 'NetworkError' || error.status === 409 || error.status === 429)
          ? apiErrorMessage(error)
          : intl.formatMessage({
              id: 'apply.submitted.signNowFailed',
              defaultMessage: 'The signing page could not be opened. Please try again.',
            }),
      );
    }
  };
  return (
    <button
      type="button"
      onClick={() => void onClick()}
      aria-disabled={open.isPending || undefined}
      aria-busy={open.isPending || undefined}
      className={clsx(PRIMARY_BUTTON_CLASS, 'mt-4')}
    >
      <FormattedMessage id="apply.submitted.signNow" defaultMessage="Sign now" />
    </button>
  );
}

function AwaitingSignature({ view }: { view: SubmittedView }) {
  const intl = useIntl();
  const title = intl.formatMessage(UNSIGNED_TITLE_MESSAGE);
  const failure = useFailureModal();
  const resend = useMutation({ mutationFn: resendLetter });
  const sent = resend.isSuccess;
  const hasSpouse = view.signers.some((signer) => signer.role === 'spouse');

  const onResend = async () => {
    if (resend.isPending || sent) return;
    try {
      await resend.mutateAsync();
    } catch (error) {
      failure.show(
        error instanceof ApiError && (error.code === 'NetworkError' || error.status === 429)
          ? apiErrorMessage(error)
          : intl.formatMessage({
              id: 'apply.submitted.resendFailed',
              defaultMessage: 'The email could not be sent. Please try again.',
            }),
      );
    }
  };

  return (
    <ApplyPage page="Submitted" title={title}>
      <h1 className={HEADING_CLASS}>{title}</h1>
      <p className="mt-3 text-gray-700">
        {hasSpouse ? (
          <FormattedMessage
            id="apply.submitted.emailedBoth"
            defaultMessage="We emailed you and your spouse a Letter of Authorization to sign. Please check your email, and ask your spouse to check theirs: each of you signs from the link in your own email."
          />
        ) : (
          <FormattedMessage
            id="apply.submitted.emailed"
            defaultMessage="We emailed you a Letter of Authorization to sign. Please check your email and sign it from the link in the message."
          />
        )}
      </p>
      {view.envelopeId && view.signers.some((s) => s.role === 'borrower' && !s.signed) && (
        <>
          <p className="mt-3 text-gray-700">
            <FormattedMessage
              id="apply.submitted.signHere"
              defaultMessage="Or sign your part here, with a new link:"
            />
          </p>
          <SignNow envelopeId={view.envelopeId} onFailure={(message) => failure.show(message)} />
        </>
      )}

      <h2 className="mt-6 text-lg font-semibold text-gray-900">
        <FormattedMessage id="apply.submitted.signatures" defaultMessage="Signatures" />
      </h2>
      <ul className="mt-2 divide-y divide-gray-200 rounded-lg border border-gray-200">
        {view.signers.map((signer) => (
          <li key={signer.role} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
            <span className="min-w-0">
              <span className="block font-medium break-words text-gray-900">{signer.name}</span>
              <span className="block text-sm text-gray-600">
                {signer.role === 'borrower' ? (
                  <FormattedMessage id="apply.submitted.you" defaultMessage="You" />
                ) : (
                  <FormattedMessage id="apply.submitted.yourSpouse" defaultMessage="Your spouse" />
                )}
              </span>
            </span>
            <span
              className={clsx(
                'rounded-full px-3 py-1 text-sm font-semibold',
                signer.signed ? 'bg-brand-100 text-brand-800' : 'bg-accent-100 text-accent-800',
              )}
            >
              {signer.signed ? (
                <FormattedMessage id="apply.submitted.signed" defaultMessage="Signed" />
              ) : (
                <FormattedMessage id="apply.submitted.notSigned" defaultMessage="Not signed yet" />
              )}
            </span>
          </li>
        ))}
      </ul>

      <p className="mt-6 text-gray-700">
        <FormattedMessage
          id="apply.submitted.afterSigning"
          defaultMessage="After signing, a credit counsellor from {agency} reviews your application and gets in touch with you."
          values={{ agency: SITE.agencyName }}
        />
      </p>
      <p className="mt-2 text-sm text-gray-600">
        <FormattedMessage
          id="apply.submitted.updates"
          defaultMessage="This page updates by itself once the letter is signed."
        />
      </p>
      {view.plan && <PlanTermsSummary plan={view.plan} />}

      <div className="mt-6">
        <p className="text-sm text-gray-700">
          <FormattedMessage
            id="apply.submitted.cannotFind"
            defaultMessage="Cannot find the email? Check your spam folder, or:"
          />
        </p>
        <button
          type="button"
          onClick={() => void onResend()}
          aria-disabled={resend.isPending || sent || undefined}
          aria-busy={resend.isPending || undefined}
          className={clsx(SECONDARY_BUTTON_CLASS, 'mt-2', sent && 'aria-disabled:cursor-default')}
        >
          {sent ? (
            <FormattedMessage id="apply.submitted.sent" defaultMessage="Sent" />
          ) : (
            <FormattedMessage id="apply.submitted.resend" defaultMessage="Resend the email" />
          )}
        </button>
        <p role="status" className="mt-2 text-sm text-brand-800">
          {sent
            ? intl.formatMessage({
                id: 'apply.submitted.sentAgain',
                defaultMessage: 'We sent the email again. It can take a few minutes to arrive.',
              })
            : ''}
        </p>
      </div>
      <ErrorModal {...failure.props} />
    </ApplyPage>
  );
}

function Signed({ view }: { view: SubmittedView }) {
  const intl = useIntl();
  const title = intl.formatMessage({
    id: 'apply.submitted.signedTitle',
    defaultMessage: 'Thank you for completing the Letter of Authorization',
  });
  return (
    <ApplyPage page="Submitted" title={title}>
      <h1 className={HEADING_CLASS}>{title}</h1>
      <h2 className="mt-6 text-lg font-semibold text-gray-900">
        <FormattedMessage id="apply.submitted.next" defaultMessage="What happens next" />
      </h2>
      <ol className="mt-2 list-decimal space-y-2 pl-6 text-gray-800">
        <li>
          <FormattedMessage
            id="apply.submitted.next.review"
            defaultMessage="A credit counsellor from {agency} reviews your application and gets in touch with you."
            values={{ agency: SITE.agencyName }}
          />
        </li>
        <li>
          <FormattedMessage
            id="apply.submitted.next.creditors"
            defaultMessage="Your creditors then answer the plan we propose to them."
          />
        </li>
        <li>
          <FormattedMessage
            id="apply.submitted.next.portal"
            defaultMessage="You can follow your plan, and each creditor's answer, in the customer portal."
          />
        </li>
      </ol>
      {view.plan && <PlanTermsSummary plan={view.plan} />}
      {isCustomerPortalStatus(view.status) && (
        <Link to="/customer-portal/plan" className={clsx(PRIMARY_BUTTON_CLASS, 'mt-8')}>
          <FormattedMessage id="apply.submitted.goToPlan" defaultMessage="Go to My plan" />
        </Link>
      )}
      <p className="mt-6 text-gray-700">
        <FormattedMessage
          id="apply.submitted.questions"
          defaultMessage="Questions? Call {phone}, {hours}."
          values={{
            phone: (
              <a
                href={`tel:${SITE.phone.tel}`}
                className="font-semibold whitespace-nowrap text-brand-700 underline"
              >
                {SITE.phone.display}
              </a>
            ),
            // The office hours (SITE.hours), written out in the page's language.
            hours: <FormattedMessage id="footer.hours" defaultMessage="Monday - Friday 9AM - 5PM EST" />,
          }}
        />
      </p>
    </ApplyPage>
  );
}
