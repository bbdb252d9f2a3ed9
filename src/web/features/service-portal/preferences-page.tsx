import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { MESSAGES } from '#domain/validation/messages';
import { ApiError } from '#web/lib/api';
import { staffUsersQuery } from './api';
import { LoadError, PortalPage } from './portal-layout';
import { useStaffMe } from './use-staff-session';
import { CounsellorPreferences } from './counselling/counsellor-preferences';

// /preferences: the staff profile box with change email and change password links,
// the team's staff list (a member without a name shows 'Name Unavailable'), and the counsellor's languages,
// weekly hours and time off for counselling calls.

const ROW_LINK =
  '-mx-3 inline-flex min-h-11 items-center rounded-md px-3 font-medium text-brand-700 underline-offset-4 hover:bg-brand-50 hover:text-brand-800 hover:underline';

/** The staff list's name for a member, whatever the server sent. */
export const staffListName = (name: string | null | undefined): string =>
  name?.trim() || MESSAGES.nameUnavailable;

function ProfileBox() {
  const me = useStaffMe();
  return (
    <section
      aria-labelledby="profile-heading"
      className="rounded-2xl border border-gray-200 bg-white shadow-sm"
    >
      <h2
        id="profile-heading"
        className="border-b border-gray-200 px-5 py-3 text-lg font-semibold text-gray-900"
      >
        Profile
      </h2>
      <ul className="divide-y divide-gray-200">
        <li className="px-5 py-4">
          <p className="text-sm font-medium text-gray-600">Name</p>
          <p className="mt-1 text-gray-900">{me.name}</p>
        </li>
        <li className="flex flex-wrap items-center justify-between gap-3 px-5 py-4">
          <div className="min-w-0">
            <p className="text-sm font-medium text-gray-600">Email address</p>
            <p className="mt-1 break-all text-gray-900">{me.email}</p>
          </div>
          <Link to="/change-email" className={ROW_LINK}>
            Change email
          </Link>
        </li>
        <li className="flex flex-wrap items-center justify-between gap-3 px-5 py-4">
          <div>
            <p className="text-sm font-medium text-gray-600">Password</p>
            <p className="mt-1 text-gray-900">
              <span aria-hidden="true">••••••••</span>
              <span className="sr-only">Hidden</span>
            </p>
          </div>
          <Link to="/change-password" className={ROW_LINK}>
            Change password
          </Link>
        </li>
      </ul>
    </section>
  );
}

function StaffList() {
  const me = useStaffMe();
  const staff = useQuery(staffUsersQuery());
  return (
    <section
      aria-labelledby="staff-heading"
      className="rounded-2xl border border-gray-200 bg-white shadow-sm"
    >
      <h2
        id="staff-heading"
        className="border-b border-gray-200 px-5 py-3 text-lg font-semibold text-gray-900"
      >
        Staff
      </h2>
      <div className="p-5">
        {staff.isPending ? (
          <p role="status" className="text-gray-700">
            Loading staff...
          </p>
        ) : staff.isError ? (
          <LoadError
            message={
              staff.error instanceof ApiError && staff.error.code === 'NetworkError'
                ? staff.error.message
                : 'The staff list could not be loaded. Please try again.'
            }
            onRetry={() => void staff.refetch()}
          />
        ) : staff.data.users.length === 0 ? (
          <p className="text-gray-700">No staff members found.</p>
        ) : (
          <table className="w-full border-collapse text-sm text-gray-900">
            <caption className="sr-only">Staff members</caption>
            <thead>
              <tr className="border-b border-gray-200 text-left text-xs tracking-wide text-gray-600 uppercase">
                <th scope="col" className="py-2 pr-3 font-semibold">
                  Name
                </th>
                <th scope="col" className="py-2 font-semibold">
                  Email
                </th>
              </tr>
            </thead>
            <tbody>
              {staff.data.users.map((user) => (
                <tr key={user.id} className="border-b border-gray-100 last:border-0">
                  <td className="py-2 pr-3 align-top">
                    {staffListName(user.name)}
                    {user.id === me.id && <span className="font-semibold"> (You)</span>}
                  </td>
                  <td className="py-2 align-top break-all">{user.email}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </section>
  );
}

export function Component() {
  return (
    <PortalPage title="Preferences">
      <div className="grid gap-6 lg:grid-cols-[minmax(0,28rem)_minmax(0,1fr)] lg:items-start">
        <ProfileBox />
        <StaffList />
      </div>
      <div className="mt-6">
        <CounsellorPreferences />
      </div>
    </PortalPage>
  );
}
