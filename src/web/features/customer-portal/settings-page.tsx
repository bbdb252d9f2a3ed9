import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '#web/lib/session';
import { customerPortalKeys, saveTextMessages, settingsQuery } from './api';
import { DraftDaySetting } from './draft-day-setting';
import { PortalPage } from './portal-page';

export const TEXT_MESSAGES_LABEL = 'Send me text messages about my plan';
export const TEXT_MESSAGES_FAILED = 'Your choice could not be saved. Please try again.';

const ROW_LINK =
  '-mx-3 inline-flex min-h-11 items-center rounded-md px-3 font-medium text-brand-700 underline-offset-4 hover:bg-brand-50 hover:text-brand-800 hover:underline';

/**
 * Customer settings: the sign-in email and links to change it or the password, text messages, and the day of
 * the month the plan is drawn.
 */
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
        <li className="px-5 py-4 sm:px-6">
          <TextMessages />
        </li>
        <DraftDayRow />
      </ul>
    </PortalPage>
  );
}

/**
 * Whether the agency may text the borrower (alerts, reminders, a counsellor's follow-up): saved as soon as the
 * box changes, like replying STOP or START to a text.
 */
function TextMessages() {
  const queryClient = useQueryClient();
  const settings = useQuery(settingsQuery());
  const [saved, setSaved] = useState<string>();
  const hintId = useId();
  const save = useMutation({
    mutationFn: saveTextMessages,
    onSuccess: (view) => {
      queryClient.setQueryData(customerPortalKeys.settings(), view);
      setSaved(view.receivesTextMessages ? 'We will text you about your plan.' : 'We will not text you.');
    },
  });
  const view = settings.data;
  return (
    <div>
      <p className="text-sm font-medium text-gray-600">Text messages</p>
      {view === undefined ? (
        <p className="mt-1 text-gray-700">
          {settings.isError ? 'Your settings could not be loaded.' : 'Loading...'}
        </p>
      ) : (
        <>
          <label className="mt-2 flex min-h-11 items-center gap-3 text-gray-900">
            <input
              type="checkbox"
              checked={save.isPending ? !view.receivesTextMessages : view.receivesTextMessages}
              disabled={save.isPending}
              aria-describedby={hintId}
              onChange={(event) => {
                setSaved(undefined);
                save.mutate({ receivesTextMessages: event.target.checked });
              }}
              className="size-5 shrink-0 rounded border-gray-400 accent-brand-600"
            />
            {TEXT_MESSAGES_LABEL}
          </label>
          <p id={hintId} className="mt-1 text-sm text-gray-600">
            {view.phoneNumberLast4 ? `To your number ending ${view.phoneNumberLast4}. ` : ''}
            You can also reply STOP to any text to stop them. Emails about your plan still come.
          </p>
        </>
      )}
      <p role="status" className="mt-1 text-sm text-gray-800">
        {save.isError ? TEXT_MESSAGES_FAILED : saved}
      </p>
    </div>
  );
}

/** The plan's draft day, once the plan has dated drafts (after the letter is signed). */
function DraftDayRow() {
  const drafts = useQuery(settingsQuery()).data?.drafts;
  if (!drafts) return null;
  return (
    <li className="px-5 py-4 sm:px-6">
      <DraftDaySetting view={drafts} />
    </li>
  );
}
