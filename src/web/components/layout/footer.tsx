import { SITE } from '#domain/site';
import { useSyncExternalStore, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { LEGAL_DOCUMENTS } from '#domain/legal-documents';
import { bbbProfileUrl, schedulingLink } from '#web/site-links';
import { BusinessSeal } from './business-seal';
import { useLegalDocumentTitle } from './legal-document-titles';

const socialIcon = {
  viewBox: '0 0 24 24',
  'aria-hidden': true,
  className: 'size-6',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

const SOCIAL: { name: string; href: string; icon: ReactNode }[] = [
  {
    name: 'Facebook',
    href: SITE.social.facebook,
    icon: (
      <svg {...socialIcon}>
        <circle cx="12" cy="12" r="9" />
        <path d="M15 8.5h-1.5A2 2 0 0011.5 10.5V21M9 13h5" />
      </svg>
    ),
  },
  {
    name: 'X',
    href: SITE.social.x,
    icon: (
      <svg {...socialIcon}>
        <path d="M4.5 4h4l11 16h-4z" />
        <path d="M19 4l-6.2 7M5 20l6.2-7" />
      </svg>
    ),
  },
  {
    name: 'LinkedIn',
    href: SITE.social.linkedin,
    icon: (
      <svg {...socialIcon}>
        <rect x="3" y="3" width="18" height="18" rx="3" />
        <path d="M8 10.5V17M12 17v-6.5M12 13.5c0-1.7 1.1-3 2.6-3s2.4 1 2.4 2.8V17" />
        <circle cx="8" cy="7.5" r=".6" fill="currentColor" />
      </svg>
    ),
  },
  {
    name: 'Instagram',
    href: SITE.social.instagram,
    icon: (
      <svg {...socialIcon}>
        <rect x="3" y="3" width="18" height="18" rx="5" />
        <circle cx="12" cy="12" r="4" />
        <circle cx="17.3" cy="6.7" r=".6" fill="currentColor" />
      </svg>
    ),
  },
];

const newTab = { target: '_blank', rel: 'noopener noreferrer' } as const;
const linkClass =
  'inline-block rounded-sm py-1 text-gray-800 underline-offset-4 hover:text-brand-800 hover:underline';

/** The booking link stands alone (no "Call" or "Email" before it), so it looks like a link at rest too. */
const callLinkClass =
  'inline-block rounded-sm py-1 font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800';

const neverChanges = () => () => undefined;
const thisYear = () => new Date().getFullYear();
/** The year the app was built (vite.config.ts), as the prerendered landing pages show it. */
const builtInYear = () => Number(import.meta.env.BUILD_YEAR ?? thisYear());

/**
 * The copyright year. A prerendered page was drawn at build time, so its first render in the browser must show
 * the build's year (a different text would be a hydration mismatch); React then draws this year's at once.
 */
const useCopyrightYear = () => useSyncExternalStore(neverChanges, thisYear, builtInYear);

/**
 * The public footer: contact, the legal pages, social links, the business-bureau seal (only with the agency's
 * profile to link to) and the copyright. The legal links are plain links to the product's own pages (a full
 * page load, so the server can send them on to the agency's site when the agency keeps its texts there).
 */
export function Footer() {
  const intl = useIntl();
  const titleOf = useLegalDocumentTitle();
  const year = useCopyrightYear();
  const sealProfile = bbbProfileUrl();
  const scheduling = schedulingLink();
  return (
    <footer className="border-t border-gray-200 bg-gray-50 text-sm">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:px-6 md:grid-cols-3">
        <div>
          <p className="text-base font-bold text-gray-900">{SITE.companyName}</p>
          <ul className="mt-3 space-y-1 text-gray-700">
            <li>
              <FormattedMessage
                id="footer.call"
                defaultMessage="Call {phone}"
                values={{
                  phone: (
                    <a href={`tel:${SITE.phone.tel}`} className={`${linkClass} font-semibold`}>
                      {SITE.phone.display}
                    </a>
                  ),
                }}
              />
            </li>
            <li>
              <FormattedMessage
                id="footer.email"
                defaultMessage="Email {email}"
                values={{
                  email: (
                    <a href={`mailto:${SITE.email}`} className={`${linkClass} font-semibold break-all`}>
                      {SITE.email}
                    </a>
                  ),
                }}
              />
            </li>
            <li>
              {/* A plain link (a full page load): the prerendered landing pages carry no router. */}
              <a href={scheduling.href} {...(scheduling.outside ? newTab : {})} className={callLinkClass}>
                <FormattedMessage id="footer.talkToCounsellor" defaultMessage="Talk to a counsellor" />
              </a>
            </li>
            <li>
              {/* The office hours (SITE.hours), written out in the page's language. */}
              <FormattedMessage id="footer.hours" defaultMessage="Monday - Friday 9AM - 5PM EST" />
            </li>
          </ul>
        </div>

        <nav aria-label={intl.formatMessage({ id: 'footer.legal.label', defaultMessage: 'Legal' })}>
          <p className="text-base font-bold text-gray-900">
            <FormattedMessage id="footer.legal.title" defaultMessage="Policies" />
          </p>
          <ul className="mt-3 space-y-1">
            {LEGAL_DOCUMENTS.map((document) => (
              <li key={document.key}>
                <a href={document.path} className={linkClass}>
                  {titleOf(document)}
                </a>
              </li>
            ))}
          </ul>
        </nav>

        <div>
          <p className="text-base font-bold text-gray-900">
            <FormattedMessage id="footer.followUs" defaultMessage="Follow us" />
          </p>
          <ul className="mt-2 flex gap-1">
            {SOCIAL.map((link) => (
              <li key={link.name}>
                <a
                  href={link.href}
                  {...newTab}
                  aria-label={intl.formatMessage(
                    { id: 'footer.social', defaultMessage: '{company} on {network} (opens in a new tab)' },
                    { company: SITE.companyName, network: link.name },
                  )}
                  className="inline-flex size-11 items-center justify-center rounded-full text-gray-700 hover:bg-gray-200 hover:text-gray-900"
                >
                  {link.icon}
                </a>
              </li>
            ))}
          </ul>
          {sealProfile && (
            <a
              href={sealProfile}
              {...newTab}
              aria-label={intl.formatMessage({
                id: 'footer.seal',
                defaultMessage: 'Accredited Business: our business-bureau profile (opens in a new tab)',
              })}
              className="mt-4 inline-block rounded-lg"
            >
              <BusinessSeal />
            </a>
          )}
        </div>
      </div>
      <div className="border-t border-gray-200">
        <p className="mx-auto max-w-6xl px-4 py-4 text-gray-700 sm:px-6">
          <FormattedMessage
            id="footer.copyright"
            defaultMessage="© {year} {company}. All rights reserved."
            values={{ year: String(year), company: SITE.companyName }}
          />
        </p>
      </div>
    </footer>
  );
}
