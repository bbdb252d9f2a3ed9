import { useMutation, useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { Link, Navigate } from 'react-router';
import type { SubmittedView } from '#domain/enrollment/views';
import { SITE } from '#domain/site';
import { ApiError } from '#web/app/api';
import { ErrorModal } from '#web/components/ui/error-modal';
import { useFailureModal } from '#web/components/ui/form/use-failure-modal';
import { LoadingScreen } from '#web/components/ui/loading-screen';
import { resendLetter, submittedQuery } from '#web/features/apply/api';
import { ApplyPage } from '#web/features/apply/apply-page';
import { isCustomerPortalStatus } from '#domain/flow/statuses';
import { HEADING_CLASS, PRIMARY_BUTTON_CLASS, SECONDARY_BUTTON_CLASS } from './payments-page';
import { LoadFailure } from '#web/components/ui/load-failure';

// The component tests read these URLs from here.
export { RESEND_PATH, SUBMITTED_PATH } from '#web/features/apply/api';
/** While the letter waits for signatures the page asks again this often, and turns by itself. */
export const POLL_INTERVAL_MS = 10_000;
export const UNSIGNED_TITLE = 'Your signature is required';
export const SIGNED_TITLE = 'Thank you for completing the Letter of Authorization';
export const RESEND_FAILED = 'The email could not be sent. Please try again.';

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
