import { FormattedMessage } from 'react-intl';
import { SITE } from '#domain/site';

export function LegalDisclosure() {
  return (
    <section aria-labelledby="legal-heading" className="bg-white">
      <div className="mx-auto max-w-6xl px-4 py-10 text-sm text-gray-700 sm:px-6">
        <h2 id="legal-heading" className="font-semibold text-gray-900">
          <FormattedMessage id="lead.legal.title" defaultMessage="Important information" />
        </h2>
        <p className="mt-2">
          <FormattedMessage
            id="lead.legal.text"
            defaultMessage="{company} makes no claim to improve your credit score. {company} does not directly provide debt management services; debt management plans are administered by {agency}. Credit counseling is offered through a third party and may carry fees. Calls are recorded for quality and training purposes. Checking your options uses a soft credit inquiry, which does not affect your credit score."
            values={{ company: SITE.companyName, agency: SITE.agencyName }}
          />
        </p>
      </div>
    </section>
  );
}
