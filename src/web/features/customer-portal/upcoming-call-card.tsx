import { queryOptions, useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { ROUTES } from '#domain/flow/routes';
import type { CallView } from '#domain/validation/counselling';
import { api } from '#web/lib/api';
import { callTimeInWords } from '#web/lib/call-time';

/** The signed-in borrower's next call, if any. */
const myCallQuery = () =>
  queryOptions({
    queryKey: ['counselling', 'mine'] as const,
    queryFn: () =>
      api<{ call: (CallView & { token: string }) | null }>('/api/customer-portal/counselling-call'),
  });

const LINK =
  'inline-flex min-h-11 items-center justify-center rounded-lg border border-brand-700 px-5 font-semibold text-brand-700 hover:bg-brand-50';

/**
 * The signed-in borrower's next call with a counsellor, with the links of its page to move or cancel it.
 * Draws nothing while it loads, when there is none, or when it cannot be read: the page around it says how to
 * book one.
 */
export function UpcomingCallCard() {
  const intl = useIntl();
  const query = useQuery(myCallQuery());
  const call = query.data?.call;
  if (!call) return null;
  const page = (action?: 'reschedule' | 'cancel') =>
    `${ROUTES.CounsellingCall}?${new URLSearchParams({ token: call.token, ...(action ? { action } : {}) }).toString()}`;
  return (
    <section
      aria-labelledby="upcoming-call"
      className="rounded-2xl border border-brand-600/40 bg-brand-50 p-5 shadow-sm sm:p-6"
    >
      <h2 id="upcoming-call" className="text-xl font-semibold text-gray-900">
        <FormattedMessage id="counselling.card.title" defaultMessage="Your upcoming call" />
      </h2>
      <p className="mt-2 text-lg font-semibold text-gray-900">
        {callTimeInWords(intl, call.startsAt, call.timeZone)}
      </p>
      {call.counsellorFirstName && (
        <p className="text-gray-700">
          <FormattedMessage
            id="counselling.card.with"
            defaultMessage="With {name}, who will call you."
            values={{ name: call.counsellorFirstName }}
          />
        </p>
      )}
      <div className="mt-4 flex flex-col gap-3 sm:flex-row">
        <Link to={page('reschedule')} className={LINK}>
          <FormattedMessage id="counselling.manage.reschedule" defaultMessage="Choose another time" />
        </Link>
        <Link to={page('cancel')} className={LINK}>
          <FormattedMessage id="counselling.manage.cancel" defaultMessage="Cancel the call" />
        </Link>
      </div>
    </section>
  );
}
