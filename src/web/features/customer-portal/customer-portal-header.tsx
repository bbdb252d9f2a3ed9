import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { useId, useState, type KeyboardEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { NavLink } from 'react-router';
import { useSignOut } from '#web/lib/session';
import { alertsQuery } from './api';
import { SPACE } from './portal-page';

const LINKS = [
  { to: '/customer-portal/plan', key: 'plan' },
  { to: '/customer-portal/payments', key: 'payments' },
  { to: '/customer-portal/next-steps', key: 'nextSteps' },
  { to: '/customer-portal/alerts', key: 'alerts' },
  { to: '/customer-portal/settings', key: 'settings' },
] as const;

type LinkKey = (typeof LINKS)[number]['key'];

function useLinkLabels(): Record<LinkKey, string> {
  const intl = useIntl();
  return {
    plan: intl.formatMessage({ id: 'portal.header.plan', defaultMessage: 'My Plan' }),
    payments: intl.formatMessage({ id: 'portal.header.payments', defaultMessage: 'Payments' }),
    nextSteps: intl.formatMessage({ id: 'portal.header.nextSteps', defaultMessage: 'Next Steps' }),
    alerts: intl.formatMessage({ id: 'portal.header.alerts', defaultMessage: 'Alerts' }),
    settings: intl.formatMessage({ id: 'portal.header.settings', defaultMessage: 'Settings' }),
  };
}

/** The Alerts link carries how many alerts the customer has not marked seen, on every page of the portal. */
function LinkLabel({ label, isAlerts, unseen }: { label: string; isAlerts: boolean; unseen: number }) {
  if (!isAlerts || unseen === 0) return <>{label}</>;
  return (
    <>
      {label}
      <span className="ml-1.5 inline-flex min-w-6 items-center justify-center rounded-full bg-red-700 px-1.5 text-sm font-semibold text-white">
        {unseen}
        <span className="sr-only">
          {/* Read after the count: "3 new". */}
          {SPACE}
          <FormattedMessage id="portal.header.unseen" defaultMessage="new" />
        </span>
      </span>
    </>
  );
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  clsx(
    'inline-flex min-h-11 items-center rounded-md px-3 font-medium hover:bg-brand-50 hover:text-brand-800',
    isActive ? 'text-brand-800 underline decoration-2 underline-offset-8' : 'text-gray-800',
  );

/** The customer portal's own bar: its pages and Sign Out; a hamburger menu on small screens. */
export function CustomerPortalHeader() {
  const [open, setOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const signOut = useSignOut();
  const menuId = useId();
  const intl = useIntl();
  const labels = useLinkLabels();
  // A failed read shows no count rather than a wrong one; the Alerts page says what went wrong.
  const unseen = useQuery(alertsQuery()).data?.unseen ?? 0;

  const onSignOut = async () => {
    setSigningOut(true);
    setOpen(false);
    await signOut();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') setOpen(false);
  };

  const signOutButton = (
    <button
      type="button"
      onClick={() => void onSignOut()}
      disabled={signingOut}
      aria-busy={signingOut || undefined}
      className="inline-flex min-h-11 items-center rounded-md px-3 font-medium text-gray-800 hover:bg-brand-50 hover:text-brand-800 disabled:opacity-60"
    >
      <FormattedMessage id="portal.header.signOut" defaultMessage="Sign Out" />
    </button>
  );

  return (
    <nav
      aria-label={intl.formatMessage({ id: 'portal.header.navigation', defaultMessage: 'Customer portal' })}
      className="border-b border-gray-200 bg-white"
      onKeyDown={onKeyDown}
    >
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-2 sm:px-6">
        <span className="text-lg font-semibold text-gray-900">
          <FormattedMessage id="portal.header.title" defaultMessage="My Account" />
        </span>
        <ul className="-mr-3 hidden items-center gap-1 sm:flex">
          {LINKS.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} className={linkClass}>
                <LinkLabel label={labels[link.key]} isAlerts={link.key === 'alerts'} unseen={unseen} />
              </NavLink>
            </li>
          ))}
          <li>{signOutButton}</li>
        </ul>
        <button
          type="button"
          className="relative inline-flex size-11 items-center justify-center rounded-md text-gray-800 hover:bg-gray-100 sm:hidden"
          aria-expanded={open}
          aria-controls={menuId}
          aria-label={intl.formatMessage(
            {
              id: 'portal.header.menu',
              defaultMessage:
                '{unseen, plural, =0 {Menu} one {Menu (# new alert)} other {Menu (# new alerts)}}',
            },
            { unseen },
          )}
          onClick={() => setOpen((v) => !v)}
        >
          {unseen > 0 && (
            <span
              aria-hidden="true"
              className="absolute top-0.5 right-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-red-700 px-1 text-xs font-semibold text-white"
            >
              {unseen}
            </span>
          )}
          <svg viewBox="0 0 24 24" aria-hidden="true" className="size-6" fill="none" stroke="currentColor">
            {open ? (
              <path d="M6 6l12 12M18 6L6 18" strokeWidth="2" strokeLinecap="round" />
            ) : (
              <path d="M4 7h16M4 12h16M4 17h16" strokeWidth="2" strokeLinecap="round" />
            )}
          </svg>
        </button>
      </div>
      <ul id={menuId} hidden={!open} className="border-t border-gray-200 px-1 py-2 sm:hidden">
        {LINKS.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} className={linkClass} onClick={() => setOpen(false)}>
              <LinkLabel label={labels[link.key]} isAlerts={link.key === 'alerts'} unseen={unseen} />
            </NavLink>
          </li>
        ))}
        <li>{signOutButton}</li>
      </ul>
    </nav>
  );
}
