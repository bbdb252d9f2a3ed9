import { Link } from 'react-router';
import { useSession } from '#web/app/session';
import { PortalPage } from './portal-page';

const ROW_LINK =
  '-mx-3 inline-flex min-h-11 items-center rounded-md px-3 font-medium text-brand-700 underline-offset-4 hover:bg-brand-50 hover:text-brand-800 hover:underline';

/** Customer settings: the sign-in email and links to change it or the password. */
export function Component() {
  const user = useSession().data?.user;
  return (
    <PortalPage title="Settings">
      <ul className="divide-y divide-gray-200 rounded-2xl border border-gray-200 bg-white shadow-sm">
        <li className="flex flex-wrap items-center justify-between gap-3 px-5 py-4 sm:px-6">
          <div className="min-w-0">
            <p className="text-sm font-medium text-gray-600">Email address</p>
            <p className="mt-1 break-all text-gray-900">{user?.email}</p>
          </div>
          <Link to="/customer-portal/change-email" className={ROW_LINK}>
            Change email
          </Link>
        </li>
        <li className="flex flex-wrap items-center justify-between gap-3 px-5 py-4 sm:px-6">
          <div>
            <p className="text-sm font-medium text-gray-600">Password</p>
            <p className="mt-1 text-gray-900">
              <span aria-hidden="true">••••••••</span>
              <span className="sr-only">Hidden</span>
            </p>
          </div>
          <Link to="/customer-portal/change-password" className={ROW_LINK}>
            Change password
          </Link>
        </li>
      </ul>
    </PortalPage>
  );
}
