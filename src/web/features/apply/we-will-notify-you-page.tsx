import { SITE } from '#domain/site';
import { ApplyPage } from './apply-page';
import { ApplyPageGate } from './save-page';

const TITLE = 'We will notify you';

/** /we-will-notify-you: the outcome of 'Yes' on /notify-when-eligible. */
export function Component() {
  return (
    <ApplyPageGate page="WeWillNotifyYou" title={TITLE} allowAnyStatus>
      {(application) => (
        <ApplyPage page="WeWillNotifyYou" title={TITLE}>
          <div className="space-y-4 text-center">
            <h1 className="text-2xl font-bold text-gray-900 sm:text-3xl">{TITLE}</h1>
            <p className="text-gray-700">
              Thank you. We will notify you
              {application.borrower.email ? (
                <>
                  {' '}
                  at{' '}
                  <strong className="font-semibold break-all text-gray-900">
                    {application.borrower.email}
                  </strong>
                </>
              ) : null}{' '}
              when our service becomes available in your state.
            </p>
            <p className="text-gray-700">
              Questions? Call {SITE.agencyName} at{' '}
              <a
                href={`tel:${SITE.phone.tel}`}
                className="font-semibold whitespace-nowrap text-brand-700 underline underline-offset-2 hover:text-brand-800"
              >
                {SITE.phone.display}
              </a>
              , {SITE.hours}.
            </p>
          </div>
        </ApplyPage>
      )}
    </ApplyPageGate>
  );
}
