import { useMutation, useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { Link, Navigate, useNavigate } from 'react-router';
import type { SubmittedView } from '#domain/enrollment/views';
import {
  DRAFT_ON_NON_BUSINESS_DAY,
  formatLetterDate,
  formatUsd,
  ordinal,
} from '#domain/enrollment/letter-of-authorization';
import { SITE } from '#domain/site';
import { ApiError } from '#web/lib/api';
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
export const SIGN_NOW = 'Sign now';
export const SIGN_NOW_FAILED = 'The signing page could not be opened. Please try again.';
/** While the letter waits for signatures the page asks again this often, and turns by itself. */
export const POLL_INTERVAL_MS = 10_000;
export const UNSIGNED_TITLE = 'Your signature is required';
export const SIGNED_TITLE = 'Thank you for completing the Letter of Authorization';
export const RESEND_FAILED = 'The email could not be sent. Please try again.';
export const TERMS_HEADING = "Your plan's terms";
export const KEEP_PAYING =
  'Keep paying every card yourself until its creditor accepts the plan. We will tell you about each answer.';

/**
 * The plan's terms as the letter states them, read from the server (never worked out here): what is drawn and
 * when, how many drafts, who the plan pays and whom the borrower keeps paying.
 */
export function PlanTermsSummary({ plan }: { plan: NonNullable<SubmittedView['plan']> }) {
  const { terms } = plan;
  const rows: [string, string][] = [
    [
      'Amount drawn each month',
      terms.monthlyFee > 0
        ? `${formatUsd(terms.monthlyDraft)}, including our ${formatUsd(terms.monthlyFee)} monthly fee`
        : formatUsd(terms.monthlyDraft),
    ],
  ];
  if (terms.setupFee > 0 && terms.setupFeeDate) {
    rows.push([
      'One-time set-up fee',
      `${formatUsd(terms.setupFee)}, drawn with the first draft on ${formatLetterDate(terms.setupFeeDate)}`,
    ]);
  }
  if (terms.firstDraftDate) {
    rows.push([
      'First draft',
      `${formatLetterDate(terms.firstDraftDate)}, then on the ${ordinal(terms.draftDay)} of each month`,
    ]);
  }
  rows.push([
    'Number of drafts',
    `${terms.termInMonths}${terms.lastDraftDate ? `, the last on ${formatLetterDate(terms.lastDraftDate)}` : ''}${
      terms.lastDraftAmount < terms.monthlyDraft ? ` (${formatUsd(terms.lastDraftAmount)})` : ''
    }`,
  ]);
  return (
    <section aria-labelledby="plan-terms-heading" className="mt-8">
      <h2 id="plan-terms-heading" className="text-lg font-semibold text-gray-900">
        {TERMS_HEADING}
      </h2>
      <dl className="mt-2 divide-y divide-gray-200 rounded-lg border border-gray-200">
        {rows.map(([label, value]) => (
          <div key={label} className="px-4 py-3 sm:grid sm:grid-cols-3 sm:gap-4">
            <dt className="text-sm font-medium text-gray-600">{label}</dt>
            <dd className="mt-1 text-gray-900 sm:col-span-2 sm:mt-0">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-sm text-gray-600">{DRAFT_ON_NON_BUSINESS_DAY}</p>

      <h3 className="mt-6 font-semibold text-gray-900">Creditors in your plan</h3>
      <ul className="mt-2 divide-y divide-gray-200 rounded-lg border border-gray-200">
        {plan.creditors.map((c) => (
          <li key={c.creditorName} className="flex flex-wrap justify-between gap-2 px-4 py-3">
            <span className="min-w-0 break-words text-gray-900">{c.creditorName}</span>
            <span className="text-gray-700">{formatUsd(c.payment)} a month</span>
          </li>
        ))}
      </ul>

      {plan.payDirectly.length > 0 && (
        <>
          <h3 className="mt-6 font-semibold text-gray-900">You keep paying these creditors yourself</h3>
          <ul className="mt-2 divide-y divide-gray-200 rounded-lg border border-gray-200">
            {plan.payDirectly.map((c) => (
              <li key={c.creditorName} className="px-4 py-3">
                <span className="flex flex-wrap justify-between gap-2">
                  <span className="min-w-0 break-words text-gray-900">{c.creditorName}</span>
                  <span className="text-gray-700">about {formatUsd(c.currentPayment)} a month</span>
                </span>
                <span className="block text-sm text-gray-600">
                  {c.why === 'leftOutByBorrower'
                    ? 'You left it out of the plan.'
                    : 'This creditor declined the plan.'}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
      <p className="mt-6 rounded-lg bg-accent-100 px-4 py-3 font-medium text-gray-900">{KEEP_PAYING}</p>
    </section>
  );
}

/** /submitted: the Letter of Authorization waits for signatures, then what happens next. */
export function Component() {
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
      <ApplyPage page="Submitted" title={UNSIGNED_TITLE}>
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
function SignNow({ envelopeId, onFailure }: { envelopeId: string; onFailure: (message: string) => void }) {
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
          ? error.message
          : SIGN_NOW_FAILED,
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
      {SIGN_NOW}
    </button>
  );
}

function AwaitingSignature({ view }: { view: SubmittedView }) {
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
          ? error.message
          : RESEND_FAILED,
      );
    }
  };

  return (
    <ApplyPage page="Submitted" title={UNSIGNED_TITLE}>
      <h1 className={HEADING_CLASS}>{UNSIGNED_TITLE}</h1>
      <p className="mt-3 text-gray-700">
        {hasSpouse
          ? 'We emailed you and your spouse a Letter of Authorization to sign. Please check your email, and ask your spouse to check theirs: each of you signs from the link in your own email.'
          : 'We emailed you a Letter of Authorization to sign. Please check your email and sign it from the link in the message.'}
      </p>
      {view.envelopeId && view.signers.some((s) => s.role === 'borrower' && !s.signed) && (
        <>
          <p className="mt-3 text-gray-700">Or sign your part here, with a new link:</p>
          <SignNow envelopeId={view.envelopeId} onFailure={(message) => failure.show(message)} />
        </>
      )}

      <h2 className="mt-6 text-lg font-semibold text-gray-900">Signatures</h2>
      <ul className="mt-2 divide-y divide-gray-200 rounded-lg border border-gray-200">
        {view.signers.map((signer) => (
          <li key={signer.role} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
            <span className="min-w-0">
              <span className="block font-medium break-words text-gray-900">{signer.name}</span>
              <span className="block text-sm text-gray-600">
                {signer.role === 'borrower' ? 'You' : 'Your spouse'}
              </span>
            </span>
            <span
              className={clsx(
                'rounded-full px-3 py-1 text-sm font-semibold',
                signer.signed ? 'bg-brand-100 text-brand-800' : 'bg-accent-100 text-accent-800',
              )}
            >
              {signer.signed ? 'Signed' : 'Not signed yet'}
            </span>
          </li>
        ))}
      </ul>

      <p className="mt-6 text-gray-700">
        After signing, a credit counsellor from {SITE.agencyName} reviews your application and gets in touch
        with you.
      </p>
      <p className="mt-2 text-sm text-gray-600">This page updates by itself once the letter is signed.</p>
      {view.plan && <PlanTermsSummary plan={view.plan} />}

      <div className="mt-6">
        <p className="text-sm text-gray-700">Cannot find the email? Check your spam folder, or:</p>
        <button
          type="button"
          onClick={() => void onResend()}
          aria-disabled={resend.isPending || sent || undefined}
          aria-busy={resend.isPending || undefined}
          className={clsx(SECONDARY_BUTTON_CLASS, 'mt-2', sent && 'aria-disabled:cursor-default')}
        >
          {sent ? 'Sent' : 'Resend the email'}
        </button>
        <p role="status" className="mt-2 text-sm text-brand-800">
          {sent ? 'We sent the email again. It can take a few minutes to arrive.' : ''}
        </p>
      </div>
      <ErrorModal {...failure.props} />
    </ApplyPage>
  );
}

function Signed({ view }: { view: SubmittedView }) {
  return (
    <ApplyPage page="Submitted" title={SIGNED_TITLE}>
      <h1 className={HEADING_CLASS}>{SIGNED_TITLE}</h1>
      <h2 className="mt-6 text-lg font-semibold text-gray-900">What happens next</h2>
      <ol className="mt-2 list-decimal space-y-2 pl-6 text-gray-800">
        <li>
          A credit counsellor from {SITE.agencyName} reviews your application and gets in touch with you.
        </li>
        <li>Your creditors then answer the plan we propose to them.</li>
        <li>You can follow your plan, and each creditor&apos;s answer, in the customer portal.</li>
      </ol>
      {view.plan && <PlanTermsSummary plan={view.plan} />}
      {isCustomerPortalStatus(view.status) && (
        <Link to="/customer-portal/plan" className={clsx(PRIMARY_BUTTON_CLASS, 'mt-8')}>
          Go to My plan
        </Link>
      )}
      <p className="mt-6 text-gray-700">
        Questions? Call{' '}
        <a
          href={`tel:${SITE.phone.tel}`}
          className="font-semibold whitespace-nowrap text-brand-700 underline"
        >
          {SITE.phone.display}
        </a>
        , {SITE.hours}.
      </p>
    </ApplyPage>
  );
}
