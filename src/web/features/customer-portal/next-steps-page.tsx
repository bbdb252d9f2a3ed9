import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { SITE } from '#domain/site';
import { schedulingLink } from '#web/site-links';
import { PortalPage, SPACE } from './portal-page';
import { UpcomingCallCard } from './upcoming-call-card';

const SCHEDULE_CLASS =
  'mt-8 inline-flex min-h-12 w-full items-center justify-center rounded-lg bg-brand-700 px-7 text-lg font-semibold text-white shadow-sm hover:bg-brand-800 sm:w-auto';

/** Customer next steps: call or schedule a call with a counsellor. */
export function Component() {
  const intl = useIntl();
  const scheduling = schedulingLink();
  const title = intl.formatMessage({ id: 'portal.nextSteps.title', defaultMessage: 'Next Steps' });
  return (
    <PortalPage title={title}>
      <div className="mb-6 empty:hidden">
        <UpcomingCallCard />
      </div>
      <div className="rounded-2xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8">
        <h2 className="text-xl font-semibold text-gray-900">
          <FormattedMessage id="portal.nextSteps.talk" defaultMessage="Talk with your credit counsellor" />
        </h2>
        <p className="mt-2 text-gray-700">
          <FormattedMessage
            id="portal.nextSteps.intro"
            defaultMessage="Your plan is in the hands of {agency}. A counsellor will go over your plan with you and answer your questions. Call us, or pick a time that suits you and we will call you."
            values={{ agency: SITE.agencyName }}
          />
        </p>
        <dl className="mt-6 grid gap-4 sm:grid-cols-2">
          <div>
            <dt className="text-sm font-medium text-gray-600">
              <FormattedMessage id="portal.nextSteps.phone" defaultMessage="Phone" />
            </dt>
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
            <dt className="text-sm font-medium text-gray-600">
              <FormattedMessage id="portal.nextSteps.hours" defaultMessage="Hours" />
            </dt>
            <dd className="mt-1 text-lg text-gray-900">
              {/* The office hours (SITE.hours), written out in the page's language. */}
              <FormattedMessage id="footer.hours" defaultMessage="Monday - Friday 9AM - 5PM EST" />
            </dd>
          </div>
        </dl>
        {scheduling.outside ? (
          <a href={scheduling.href} target="_blank" rel="noreferrer" className={SCHEDULE_CLASS}>
            <FormattedMessage id="portal.nextSteps.schedule" defaultMessage="Schedule Your Call Now!" />
            <span className="sr-only">
              {SPACE}
              <FormattedMessage id="portal.nextSteps.newTab" defaultMessage="(opens in a new tab)" />
            </span>
          </a>
        ) : (
          <Link to={scheduling.href} className={SCHEDULE_CLASS}>
            <FormattedMessage id="portal.nextSteps.schedule" defaultMessage="Schedule Your Call Now!" />
          </Link>
        )}
      </div>
      <div className="mt-6 flex flex-col gap-4 rounded-2xl border border-gray-200 bg-white p-6 shadow-sm sm:flex-row sm:items-center sm:justify-between sm:p-8">
        <div>
          <h2 className="text-xl font-semibold text-gray-900">
            <FormattedMessage id="portal.nextSteps.plan" defaultMessage="My plan" />
          </h2>
          <p className="mt-2 text-gray-700">
            <FormattedMessage
              id="portal.nextSteps.planIntro"
              defaultMessage="Your monthly payment, each creditor's answer, your payoff and your signed Letter of Authorization."
            />
          </p>
        </div>
        <Link
          to="/customer-portal/plan"
          className="inline-flex min-h-11 shrink-0 items-center justify-center rounded-lg border border-brand-700 px-5 font-semibold text-brand-700 hover:bg-brand-50"
        >
          <FormattedMessage id="portal.nextSteps.viewPlan" defaultMessage="View my plan" />
        </Link>
      </div>
    </PortalPage>
  );
}
