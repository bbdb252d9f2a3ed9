import { Link } from 'react-router';
import { SITE } from '#domain/site';
import { PortalPage } from './portal-page';

/** Customer next steps: call or schedule a call with a counsellor. */
export function Component() {
  return (
    <PortalPage title="Next Steps">
      <div className="rounded-2xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8">
        <h2 className="text-xl font-semibold text-gray-900">Talk with your credit counsellor</h2>
        <p className="mt-2 text-gray-700">
          Your plan is in the hands of {SITE.agencyName}. A counsellor will go over your plan with you and
          answer your questions. Call us, or pick a time that suits you and we will call you.
        </p>
        <dl className="mt-6 grid gap-4 sm:grid-cols-2">
          <div>
            <dt className="text-sm font-medium text-gray-600">Phone</dt>
            <dd className="mt-1">
              <a
                href={`tel:${SITE.phone.tel}`}
                className="text-2xl font-bold text-brand-700 underline-offset-4 hover:text-brand-800 hover:underline"
              >
                {SITE.phone.display}
              </a>
            </dd>
          </div>
          <div>
            <dt className="text-sm font-medium text-gray-600">Hours</dt>
            <dd className="mt-1 text-lg text-gray-900">{SITE.hours}</dd>
          </div>
        </dl>
        <a
          href={SITE.schedulingUrl}
          target="_blank"
          rel="noreferrer"
          className="mt-8 inline-flex min-h-12 w-full items-center justify-center rounded-lg bg-brand-700 px-7 text-lg font-semibold text-white shadow-sm hover:bg-brand-800 sm:w-auto"
        >
          Schedule Your Call Now!
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      </div>
      <div className="mt-6 flex flex-col gap-4 rounded-2xl border border-gray-200 bg-white p-6 shadow-sm sm:flex-row sm:items-center sm:justify-between sm:p-8">
        <div>
          <h2 className="text-xl font-semibold text-gray-900">My plan</h2>
          <p className="mt-2 text-gray-700">
            Your monthly payment, each creditor&apos;s answer, your payoff and your signed Letter of
            Authorization.
          </p>
        </div>
        <Link
          to="/customer-portal/plan"
          className="inline-flex min-h-11 shrink-0 items-center justify-center rounded-lg border border-brand-700 px-5 font-semibold text-brand-700 hover:bg-brand-50"
        >
          View my plan
        </Link>
      </div>
    </PortalPage>
  );
}
