import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { Link } from 'react-router';
import { useSession } from '#web/lib/session';
import { customerPortalKeys, saveTextMessages, settingsQuery } from './api';
import { DraftDaySetting } from './draft-day-setting';
import { PortalPage } from './portal-page';

const MESSAGES: Record<'title' | 'textMessages' | 'failed', MessageDescriptor> = defineMessages({
  title: { id: 'portal.settings.title', defaultMessage: 'Settings' },
  textMessages: { id: 'portal.settings.textMessages', defaultMessage: 'Send me text messages about my plan' },
  failed: {
    id: 'portal.settings.failed',
    defaultMessage: 'Your choice could not be saved. Please try again.',
  },
});
export const TEXT_MESSAGES_LABEL = String(MESSAGES.textMessages.defaultMessage);
export const TEXT_MESSAGES_FAILED = String(MESSAGES.failed.defaultMessage);

/** The password's place, drawn as dots (a picture, not words; the words are read from the hidden text). */
const MASKED = '••••••••';

const ROW_LINK =
  '-mx-3 inline-flex min-h-11 items-center rounded-md px-3 font-medium text-brand-700 underline-offset-4 hover:bg-brand-50 hover:text-brand-800 hover:underline';

/**
 * Customer settings: the sign-in email and links to change it or the password, text messages, and the day of
 * the month the plan is drawn.
 */
export function Component() {
  const user = useSession().data?.user;
  return (
    <PortalPage title={MESSAGES.title}>
      <ul className="divide-y divide-gray-200 rounded-2xl border border-gray-200 bg-white shadow-sm">
        <li className="flex flex-wrap items-center justify-between gap-3 px-5 py-4 sm:px-6">
          <div className="min-w-0">
            <p className="text-sm font-medium text-gray-600">
              <FormattedMessage id="portal.settings.email" defaultMessage="Email address" />
            </p>
            <p className="mt-1 break-all text-gray-900">{user?.email}</p>
          </div>
          <Link to="/customer-portal/change-email" className={ROW_LINK}>
            <FormattedMessage id="portal.settings.changeEmail" defaultMessage="Change email" />
          </Link>
        </li>
        <li className="flex flex-wrap items-center justify-between gap-3 px-5 py-4 sm:px-6">
          <div>
            <p className="text-sm font-medium text-gray-600">
              <FormattedMessage id="portal.settings.password" defaultMessage="Password" />
            </p>
            <p className="mt-1 text-gray-900">
              <span aria-hidden="true">{MASKED}</span>
              <span className="sr-only">
                <FormattedMessage id="portal.settings.passwordHidden" defaultMessage="Hidden" />
              </span>
            </p>
          </div>
          <Link to="/customer-portal/change-password" className={ROW_LINK}>
            <FormattedMessage id="portal.settings.changePassword" defaultMessage="Change password" />
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
  const intl = useIntl();
  const queryClient = useQueryClient();
  const settings = useQuery(settingsQuery());
  const [saved, setSaved] = useState<string>();
  const hintId = useId();
  const save = useMutation({
    mutationFn: saveTextMessages,
    onSuccess: (view) => {
      queryClient.setQueryData(customerPortalKeys.settings(), view);
      setSaved(
        view.receivesTextMessages
          ? intl.formatMessage({
              id: 'portal.settings.textsOn',
              defaultMessage: 'We will text you about your plan.',
            })
          : intl.formatMessage({ id: 'portal.settings.textsOff', defaultMessage: 'We will not text you.' }),
      );
    },
  });
  const view = settings.data;
  return (
    <div>
      <p className="text-sm font-medium text-gray-600">
        <FormattedMessage id="portal.settings.texts" defaultMessage="Text messages" />
      </p>
      {view === undefined ? (
        <p className="mt-1 text-gray-700">
          {settings.isError ? (
            <FormattedMessage
              id="portal.settings.loadFailed"
              defaultMessage="Your settings could not be loaded."
            />
          ) : (
            <FormattedMessage id="portal.settings.loading" defaultMessage="Loading..." />
          )}
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
            {intl.formatMessage(MESSAGES.textMessages)}
          </label>
          <p id={hintId} className="mt-1 text-sm text-gray-600">
            <FormattedMessage
              id="portal.settings.textsHint"
              defaultMessage="{hasPhone, select, yes {To your number ending {last4}. } other {}}You can also reply STOP to any text to stop them. Emails about your plan still come."
              values={{ hasPhone: view.phoneNumberLast4 ? 'yes' : 'no', last4: view.phoneNumberLast4 ?? '' }}
            />
          </p>
        </>
      )}
      <p role="status" className="mt-1 text-sm text-gray-800">
        {save.isError ? intl.formatMessage(MESSAGES.failed) : saved}
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
