import { SITE } from '#domain/site';
import { ApplyPage } from './apply-page';
import { ApplyPageGate } from './save-page';

const TITLE = 'Thank you for your application';

/** /offers/not-qualified: every disqualified outcome ends here, whatever the status. */
export function Component() {
  return (
    <ApplyPageGate page="NotQualified" title={TITLE} allowAnyStatus>
      {() => (
        <ApplyPage page="NotQualified" title={TITLE}>
          <div className="space-y-4 text-center">
            <h1 className="text-2xl font-bold text-gray-900 sm:text-3xl">{TITLE}</h1>
            <p className="text-gray-700">
              Thank you for taking the time to apply. Unfortunately, you do not qualify for a Debt Management
              Plan at this time.
            </p>
            <p className="text-gray-700">
              If you have questions or would like to talk about other options, call us:
            </p>
            <p>
              <a
                href={`tel:${SITE.phone.tel}`}
                className="text-xl font-semibold whitespace-nowrap text-brand-700 underline underline-offset-2 hover:text-brand-800"
              >
                {SITE.phone.display}
              </a>
            </p>
            <p className="text-gray-700">{SITE.hours}</p>
          </div>
        </ApplyPage>
      )}
    </ApplyPageGate>
  );
}
