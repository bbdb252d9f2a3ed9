import { clsx } from 'clsx';
import { DropdownMenu } from 'radix-ui';
import { useId, useState, type KeyboardEvent } from 'react';
import { Link, NavLink } from 'react-router';
import { useSignOut } from '#web/lib/session';
import { useStaffMe } from './use-staff-session';

/** The header links (Sign Out follows them). */
export const PORTAL_LINKS = [
  { to: '/borrower-queue', label: 'Borrower Queue' },
  { to: '/summary', label: 'Summary' },
  { to: '/creditors', label: 'Creditors' },
  { to: '/proposals', label: 'Proposals' },
  { to: '/preferences', label: 'Preferences' },
] as const;

/** What the name dropdown offers besides Sign Out. */
export const NAME_MENU_LINKS = [
  { to: '/preferences', label: 'Preferences' },
  { to: '/change-email', label: 'Change email' },
  { to: '/change-password', label: 'Change password' },
] as const;

const ITEM =
  'inline-flex min-h-11 items-center rounded-md px-3 font-medium text-gray-800 hover:bg-brand-50 hover:text-brand-800';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  clsx(ITEM, isActive && 'text-brand-800 underline decoration-2 underline-offset-8');

const MENU_ITEM =
  'flex min-h-11 w-full cursor-pointer items-center rounded-md px-3 text-left text-gray-800 outline-none ' +
  'data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-800';

function useSignOutAction() {
  const signOut = useSignOut();
  const [signingOut, setSigningOut] = useState(false);
  const run = async () => {
    setSigningOut(true);
    await signOut();
  };
  return { signingOut, run };
}

/** The name dropdown: Preferences, Change email, Change password, Sign Out; arrow keys move through it. */
function NameMenu({ name, onSignOut }: { name: string; onSignOut: () => void }) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className={clsx(ITEM, 'gap-1 data-[state=open]:bg-brand-50')}>
        <span className="max-w-48 truncate">{name}</span>
        <svg viewBox="0 0 20 20" aria-hidden="true" className="size-4" fill="currentColor">
          <path d="M5.3 7.3a1 1 0 011.4 0L10 10.6l3.3-3.3a1 1 0 111.4 1.4l-4 4a1 1 0 01-1.4 0l-4-4a1 1 0 010-1.4z" />
        </svg>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className="z-40 min-w-52 rounded-lg border border-gray-200 bg-white p-1 shadow-lg"
        >
          {NAME_MENU_LINKS.map((link) => (
            <DropdownMenu.Item key={link.to} asChild className={MENU_ITEM}>
              <Link to={link.to}>{link.label}</Link>
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className="my-1 h-px bg-gray-200" />
          <DropdownMenu.Item className={MENU_ITEM} onSelect={onSignOut}>
            Sign Out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** The service portal's bar: its pages, Sign Out and the name dropdown; one hamburger menu on small screens. */
export function PortalHeader() {
  const me = useStaffMe();
  const [open, setOpen] = useState(false);
  const { signingOut, run } = useSignOutAction();
  const menuId = useId();

  const onSignOut = () => {
    setOpen(false);
    void run();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') setOpen(false);
  };
  const signOutButton = (
    <button
      type="button"
      onClick={onSignOut}
      disabled={signingOut}
      aria-busy={signingOut || undefined}
      className={clsx(ITEM, 'disabled:opacity-60')}
    >
      Sign Out
    </button>
  );

  return (
    <nav aria-label="Service portal" className="border-b border-gray-200 bg-white" onKeyDown={onKeyDown}>
      <div className="mx-auto flex max-w-screen-2xl items-center justify-between gap-4 px-4 py-2 sm:px-6">
        <Link to="/summary" className="rounded-md text-lg font-semibold text-gray-900">
          Service Portal
        </Link>
        <ul className="-mr-3 hidden items-center gap-1 md:flex">
          {PORTAL_LINKS.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} className={linkClass}>
                {link.label}
              </NavLink>
            </li>
          ))}
          <li>{signOutButton}</li>
          <li className="ml-2 border-l border-gray-200 pl-2">
            <NameMenu name={me.name} onSignOut={onSignOut} />
          </li>
        </ul>
        <button
          type="button"
          className="inline-flex size-11 items-center justify-center rounded-md text-gray-800 hover:bg-gray-100 md:hidden"
          aria-expanded={open}
          aria-controls={menuId}
          aria-label="Menu"
          onClick={() => setOpen((v) => !v)}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true" className="size-6" fill="none" stroke="currentColor">
            {open ? (
              <path d="M6 6l12 12M18 6L6 18" strokeWidth="2" strokeLinecap="round" />
            ) : (
              <path d="M4 7h16M4 12h16M4 17h16" strokeWidth="2" strokeLinecap="round" />
            )}
          </svg>
        </button>
      </div>
      <div id={menuId} hidden={!open} className="border-t border-gray-200 px-1 py-2 md:hidden">
        <ul>
          {PORTAL_LINKS.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} className={linkClass} onClick={() => setOpen(false)}>
                {link.label}
              </NavLink>
            </li>
          ))}
          <li>{signOutButton}</li>
        </ul>
        <p className="mt-2 border-t border-gray-200 px-3 pt-3 text-sm font-semibold text-gray-600">
          {me.name}
        </p>
        <ul>
          {NAME_MENU_LINKS.filter((link) => link.to !== '/preferences').map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} className={linkClass} onClick={() => setOpen(false)}>
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </div>
    </nav>
  );
}
