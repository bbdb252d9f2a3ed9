import { FormattedMessage } from 'react-intl';
import { SITE } from '#domain/site';
import { HandshakeIcon, ShieldIcon } from './icons';

/** The partner logo block, as text: the counseling agency and the national foundation it belongs to. */
export function PartnersSection() {
  return (
    <section aria-labelledby="partners-heading" className="bg-white">
      <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-16">
        <h2 id="partners-heading" className="text-center text-2xl font-bold text-gray-900 sm:text-3xl">
          <FormattedMessage id="lead.partners.title" defaultMessage="Our partners" />
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-center text-gray-700">
          <FormattedMessage
            id="lead.partners.text"
            defaultMessage="Debt management plans are administered by our nonprofit credit counseling partner, {agency}, a member of the {foundation}."
            values={{ agency: SITE.agencyName, foundation: SITE.foundationName }}
          />
        </p>
        <ul className="mx-auto mt-8 grid max-w-3xl gap-4 sm:grid-cols-2">
          <li className="flex min-h-24 items-center gap-4 rounded-2xl border border-gray-200 px-6 py-4">
            <HandshakeIcon className="size-10 shrink-0 text-brand-700" />
            <span>
              <span className="block text-lg leading-snug font-bold text-gray-900">{SITE.agencyName}</span>
              <span className="block text-sm text-gray-700">
                <FormattedMessage
                  id="lead.partners.agencyKind"
                  defaultMessage="Nonprofit credit counseling agency"
                />
              </span>
            </span>
          </li>
          <li className="flex min-h-24 items-center gap-4 rounded-2xl border border-gray-200 px-6 py-4">
            <ShieldIcon className="size-10 shrink-0 text-brand-700" />
            <span>
              <span className="block text-lg leading-snug font-bold text-gray-900">
                {SITE.foundationName}
              </span>
              <span className="block text-sm text-gray-700">
                <FormattedMessage
                  id="lead.partners.foundationKind"
                  defaultMessage="National credit counseling foundation"
                />
              </span>
            </span>
          </li>
        </ul>
      </div>
    </section>
  );
}
