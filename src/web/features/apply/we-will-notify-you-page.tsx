import { FormattedMessage, useIntl } from 'react-intl';
import { SITE } from '#domain/site';
import { ApplyPage } from './apply-page';
import { ApplyPageGate } from './save-page';

/** /we-will-notify-you: the outcome of 'Yes' on /notify-when-eligible. */
export function Component() {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'apply.notify.doneTitle', defaultMessage: 'We will notify you' });
  return (
    <ApplyPageGate page="WeWillNotifyYou" title={title} allowAnyStatus>
      {(application) => (
        <ApplyPage page="WeWillNotifyYou" title={title}>
          <div className="space-y-4 text-center">
            <h1 className="text-2xl font-bold text-gray-900 sm:text-3xl">{title}</h1>
            <p className="text-gray-700">
              <FormattedMessage
                id="apply.notify.thanks"
                defaultMessage="{hasEmail, select, yes {Thank you. We will notify you at <strong>{email}</strong> when our service becomes available in your state.} other {Thank you. We will notify you when our service becomes available in your state.}}"
                values={{
                  hasEmail: application.borrower.email ? 'yes' : 'no',
                  email: application.borrower.email ?? '',
                  strong: (chunks) => (
                    <strong className="font-semibold break-all text-gray-900">{chunks}</strong>
                  ),
                }}
              />
            </p>
            <p className="text-gray-700">
              <FormattedMessage
                id="apply.notify.questions"
                defaultMessage="Questions? Call {agency} at {phone}, {hours}."
                values={{
                  agency: SITE.agencyName,
                  phone: (
                    <a
                      href={`tel:${SITE.phone.tel}`}
                      className="font-semibold whitespace-nowrap text-brand-700 underline underline-offset-2 hover:text-brand-800"
                    >
                      {SITE.phone.display}
                    </a>
                  ),
                  // The office hours (SITE.hours), written out in the page's language.
                  hours: (
                    <FormattedMessage id="footer.hours" defaultMessage="Monday - Friday 9AM - 5PM EST" />
                  ),
                }}
              />
            </p>
          </div>
        </ApplyPage>
      )}
    </ApplyPageGate>
  );
}
