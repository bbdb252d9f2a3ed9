import { FormattedMessage, useIntl } from 'react-intl';
import { SITE } from '#domain/site';
import { LanguageSwitch } from './language-switch';
import { AppLink } from './navigation';
import { LogoMark } from './logo';

/** The public header: the logo (home), the language switch and the phone number. No portal navigation here. */
export function Header() {
  const intl = useIntl();
  return (
    <header className="border-b border-gray-200 bg-white">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:h-20 sm:px-6">
        <AppLink
          to="/"
          className="flex min-w-0 items-center gap-2 rounded-md"
          aria-label={intl.formatMessage(
            { id: 'layout.header.home', defaultMessage: '{company} home' },
            { company: SITE.companyName },
          )}
        >
          <LogoMark className="size-9 shrink-0 sm:size-10" />
          <span className="text-base leading-tight font-bold tracking-tight text-gray-900 sm:text-xl">
            {SITE.companyName}
          </span>
        </AppLink>
        <div className="flex shrink-0 items-center gap-3 sm:gap-5">
          <LanguageSwitch />
          <p className="flex shrink-0 flex-col items-end text-right leading-tight sm:flex-row sm:items-center sm:gap-2">
            <span className="text-xs text-gray-700 sm:text-sm">
              <FormattedMessage id="layout.header.questions" defaultMessage="Any questions?" />
            </span>
            <a
              href={`tel:${SITE.phone.tel}`}
              className="inline-flex min-h-6 items-center gap-1 rounded-md font-bold whitespace-nowrap text-brand-700 hover:text-brand-800 sm:text-lg"
            >
              <svg
                viewBox="0 0 24 24"
                aria-hidden="true"
                className="hidden size-5 sm:block"
                fill="currentColor"
              >
                <path d="M6.6 10.8a15.1 15.1 0 006.6 6.6l2.2-2.2a1 1 0 011-.25 11.4 11.4 0 003.6.57 1 1 0 011 1V20a1 1 0 01-1 1A17 17 0 013 4a1 1 0 011-1h3.5a1 1 0 011 1c0 1.25.2 2.45.57 3.57a1 1 0 01-.25 1z" />
              </svg>
              {SITE.phone.display}
            </a>
          </p>
        </div>
      </div>
    </header>
  );
}
