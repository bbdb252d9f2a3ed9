import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import type { CallLanguage } from '#domain/counselling/calls';
import { ROUTES } from '#domain/flow/routes';
import { LOCALE } from '#domain/i18n/language';
import { SITE } from '#domain/site';
import type { CallView } from '#domain/validation/counselling';
import { useDocumentTitle } from '#web/components/layout/use-document-title';
import { LoadingScreen } from '#web/components/ui/loading-screen';
import { SECONDARY_BUTTON_CLASS } from '#web/components/ui/form/styles';
import { ApiError } from '#web/lib/api';
import { useLanguage } from '#web/lib/i18n';
import { useSession } from '#web/lib/session';
import { callQuery, cancelCall, counsellingKeys, invitationUrl, rescheduleCall } from './api';
import { BookCallForm } from './book-call-form';
import { callTimeInWords } from '#web/lib/call-time';
import { m, refusalText } from './messages';
import { SlotPicker } from './slot-picker';
import { TimeZoneSelect } from './time-zone-select';

const PRIMARY =
  'inline-flex min-h-11 w-full items-center justify-center rounded-lg bg-brand-700 px-5 py-3 text-base font-semibold ' +
  'text-white shadow-sm hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 ' +
  'focus-visible:outline-brand-700 sm:w-auto';
const SECONDARY = `${SECONDARY_BUTTON_CLASS} sm:w-auto`;
const CARD = 'rounded-2xl border border-gray-200 bg-white p-5 shadow-sm sm:p-8';

function Frame({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="text-2xl font-bold text-gray-900 sm:text-3xl">{title}</h1>
      <div className="mt-6 space-y-6">{children}</div>
    </div>
  );
}

/**
 * /counselling-call: books a call with a credit counsellor; with ?token= (the confirmation, and the email's
 * links, which add &action=reschedule or cancel) shows that call and lets the person move or cancel it
 * without signing in.
 */
export function Component() {
  const [params] = useSearchParams();
  const token = params.get('token');
  if (token)
    return <ManageCall token={token} booked={params.get('booked') === '1'} action={params.get('action')} />;
  return <BookCall />;
}

function BookCall() {
  const intl = useIntl();
  const session = useSession();
  const title = intl.formatMessage({
    id: 'counselling.book.title',
    defaultMessage: 'Talk to a credit counsellor',
  });
  return (
    <Frame title={title}>
      <p className="text-gray-700">
        <FormattedMessage
          id="counselling.book.intro"
          defaultMessage="A certified counsellor from {agency} calls you for free, goes over your debts and budget with you and answers your questions. The call takes about 30 minutes. Pick a time that suits you."
          values={{ agency: SITE.agencyName }}
        />
      </p>
      {session.isPending ? (
        <LoadingScreen
          text={intl.formatMessage({ id: 'counselling.loading', defaultMessage: 'Loading...' })}
        />
      ) : (
        <div className={CARD}>
          <BookCallForm user={session.data?.user ?? null} />
        </div>
      )}
    </Frame>
  );
}

function ManageCall({ token, booked, action }: { token: string; booked: boolean; action: string | null }) {
  const intl = useIntl();
  const query = useQuery(callQuery(token));
  const title = intl.formatMessage({
    id: 'counselling.manage.title',
    defaultMessage: 'Your call with a credit counsellor',
  });
  if (query.isPending) {
    return (
      <Frame title={title}>
        <LoadingScreen
          text={intl.formatMessage({ id: 'counselling.loading', defaultMessage: 'Loading...' })}
        />
      </Frame>
    );
  }
  if (query.isError) {
    const gone = query.error instanceof ApiError && query.error.status === 404;
    return (
      <Frame
        title={
          gone
            ? intl.formatMessage({
                id: 'counselling.link.title',
                defaultMessage: 'This link no longer works',
              })
            : title
        }
      >
        <div className={CARD}>
          <p role="alert" className="text-lg text-gray-900">
            {refusalText(query.error, intl, SITE.phone.display)}
          </p>
          <p className="mt-3 text-gray-700">
            <FormattedMessage
              id="counselling.link.bookAnew"
              defaultMessage="You can book a new call, or call us at {phone}."
              values={{ phone: SITE.phone.display }}
            />
          </p>
          <div className="mt-6 flex flex-col gap-3 sm:flex-row">
            <Link to={ROUTES.CounsellingCall} className={PRIMARY}>
              <FormattedMessage id="counselling.link.book" defaultMessage="Book a call" />
            </Link>
            {!gone && (
              <button type="button" className={SECONDARY} onClick={() => void query.refetch()}>
                <FormattedMessage id="ui.loadFailure.retry" defaultMessage="Try again" />
              </button>
            )}
          </div>
        </div>
      </Frame>
    );
  }
  return <CallCard token={token} call={query.data} booked={booked} action={action} title={title} />;
}

type Mode = 'view' | 'reschedule' | 'cancel';

function CallCard({
  token: linkToken,
  call,
  booked,
  action,
  title,
}: {
  token: string;
  call: CallView;
  booked: boolean;
  action: string | null;
  title: string;
}) {
  const intl = useIntl();
  const { language } = useLanguage();
  const queryClient = useQueryClient();
  const [, setSearchParams] = useSearchParams();
  // A move replaces the call's link (only the newest works): the page goes on with the one the move answered.
  const [token, setToken] = useState(linkToken);
  const initial: Mode = call.changeable && (action === 'reschedule' || action === 'cancel') ? action : 'view';
  const [mode, setMode] = useState<Mode>(initial);
  const [done, setDone] = useState<'moved' | 'cancelled' | null>(null);
  const [timeZone, setTimeZone] = useState(call.timeZone);
  const [startsAt, setStartsAt] = useState('');
  const [pickError, setPickError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  const change = useMutation({
    mutationFn: (input: { action: 'reschedule'; startsAt: string } | { action: 'cancel' }) =>
      input.action === 'cancel' ? cancelCall(token) : rescheduleCall(token, input.startsAt),
    onSuccess: ({ token: newToken, ...view }, input) => {
      queryClient.setQueryData(counsellingKeys.call(token), view);
      if (newToken) {
        queryClient.setQueryData(counsellingKeys.call(newToken), view);
        setToken(newToken);
        setSearchParams(
          (params) => {
            const next = new URLSearchParams(params);
            next.set('token', newToken);
            next.delete('action');
            return next;
          },
          { replace: true },
        );
      }
      void queryClient.invalidateQueries({ queryKey: ['counselling', 'slots'] });
      setDone(input.action === 'cancel' ? 'cancelled' : 'moved');
      setMode('view');
      setFailure(null);
    },
    onError: (error) => {
      setFailure(refusalText(error, intl, SITE.phone.display));
      if (error instanceof ApiError && error.status === 409) setStartsAt('');
    },
  });
  const onSlot = useCallback((value: string) => {
    setStartsAt(value);
    setPickError(undefined);
  }, []);

  // The outcome is announced where the eye is: the card's heading takes focus after a change.
  useEffect(() => {
    if (done) heading.current?.focus();
  }, [done]);

  const when = callTimeInWords(intl, call.startsAt, call.timeZone);
  const cancelled = call.state === 'cancelled';
  // The host asked in Cal.com for a new time: the old one no longer holds, and the borrower picks the new one
  // from Cal.com's email (decision 0140); this page shows it once Cal.com reports it.
  const awaiting = call.state === 'awaitingNewTime';
  const cardHeading = cancelled
    ? intl.formatMessage({ id: 'counselling.manage.cancelled', defaultMessage: 'Your call is cancelled' })
    : awaiting
      ? intl.formatMessage({
          id: 'counselling.manage.awaitingNewTime',
          defaultMessage: 'Your counsellor asked to move your call',
        })
      : done === 'moved'
        ? intl.formatMessage({ id: 'counselling.manage.moved', defaultMessage: 'Your call has moved' })
        : booked
          ? intl.formatMessage({ id: 'counselling.manage.booked', defaultMessage: 'Your call is booked' })
          : intl.formatMessage({ id: 'counselling.manage.upcoming', defaultMessage: 'Your call' });

  return (
    <Frame title={title}>
      <div className={CARD}>
        <h2 ref={heading} tabIndex={-1} className="text-xl font-semibold text-gray-900 focus:outline-none">
          {cardHeading}
        </h2>
        <p
          className={`mt-3 text-lg font-semibold ${cancelled || awaiting ? 'text-gray-600 line-through' : 'text-gray-900'}`}
        >
          {when}
        </p>
        <dl className="mt-4 grid gap-3 text-gray-800 sm:grid-cols-2">
          {call.counsellorFirstName && (
            <div>
              <dt className="text-sm text-gray-600">
                <FormattedMessage id="counselling.manage.counsellor" defaultMessage="Counsellor" />
              </dt>
              <dd>{call.counsellorFirstName}</dd>
            </div>
          )}
          <div>
            <dt className="text-sm text-gray-600">
              <FormattedMessage id="counselling.manage.language" defaultMessage="Language" />
            </dt>
            <dd>
              {call.language === 'es' ? (
                <FormattedMessage id="counselling.book.spanish" defaultMessage="Spanish" />
              ) : (
                <FormattedMessage id="counselling.book.english" defaultMessage="English" />
              )}
            </dd>
          </div>
        </dl>
        {awaiting && (
          <p className="mt-4 text-gray-700">
            <FormattedMessage
              id="counselling.manage.awaitingNewTimeHelp"
              defaultMessage="You will get an email with a link to choose a new time. Once you have chosen it, this page shows it. If it does not arrive, please call us."
            />
          </p>
        )}
        {!cancelled && !awaiting && (booked || done === 'moved') && (
          <p className="mt-4 text-gray-700">
            <FormattedMessage
              id="counselling.manage.emailSent"
              defaultMessage="We sent you an email with a calendar invitation and links to move or cancel the call. We will call you at the time above."
            />
          </p>
        )}
        {!cancelled && !awaiting && (
          <p className="mt-4">
            <a href={invitationUrl(token)} download className="font-semibold text-brand-700 underline">
              <FormattedMessage
                id="counselling.manage.addToCalendar"
                defaultMessage="Add the call to my calendar (.ics)"
              />
            </a>
          </p>
        )}
        {cancelled && (
          <div className="mt-6">
            <p className="text-gray-700">
              <FormattedMessage
                id="counselling.manage.bookAnother"
                defaultMessage="You can book another call at any time."
              />
            </p>
            <Link to={ROUTES.CounsellingCall} className={`${PRIMARY} mt-4`}>
              <FormattedMessage id="counselling.link.book" defaultMessage="Book a call" />
            </Link>
          </div>
        )}
        {!cancelled && !awaiting && !call.changeable && (
          <p className="mt-4 text-gray-700">{intl.formatMessage(m.notChangeable)}</p>
        )}
        {call.changeable && mode === 'view' && (
          <div className="mt-6 flex flex-col gap-3 sm:flex-row">
            <button type="button" className={SECONDARY} onClick={() => setMode('reschedule')}>
              <FormattedMessage id="counselling.manage.reschedule" defaultMessage="Choose another time" />
            </button>
            <button type="button" className={SECONDARY} onClick={() => setMode('cancel')}>
              <FormattedMessage id="counselling.manage.cancel" defaultMessage="Cancel the call" />
            </button>
          </div>
        )}
        {failure && (
          <p role="alert" className="mt-4 rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-800">
            {failure}
          </p>
        )}
      </div>

      {call.changeable && mode === 'reschedule' && (
        <section className={CARD} aria-labelledby="counselling-move">
          <h2 id="counselling-move" className="text-xl font-semibold text-gray-900">
            <FormattedMessage id="counselling.manage.moveTitle" defaultMessage="Choose another time" />
          </h2>
          <div className="mt-4 space-y-5">
            <TimeZoneSelect value={timeZone} onChange={setTimeZone} locale={LOCALE[language]} />
            <SlotPicker
              timeZone={timeZone}
              language={call.language as CallLanguage}
              value={startsAt}
              onChange={onSlot}
              error={pickError}
              exclude={call.startsAt}
            />
            <div className="flex flex-col gap-3 sm:flex-row">
              <button
                type="button"
                className={PRIMARY}
                aria-disabled={change.isPending || undefined}
                onClick={() => {
                  if (change.isPending) return;
                  if (!startsAt) {
                    setPickError(
                      intl.formatMessage({
                        id: 'counselling.book.chooseTime',
                        defaultMessage: 'Choose a time for the call.',
                      }),
                    );
                    return;
                  }
                  change.mutate({ action: 'reschedule', startsAt });
                }}
              >
                <FormattedMessage id="counselling.manage.moveSubmit" defaultMessage="Move the call" />
              </button>
              <button type="button" className={SECONDARY} onClick={() => setMode('view')}>
                <FormattedMessage id="counselling.manage.keep" defaultMessage="Keep the current time" />
              </button>
            </div>
          </div>
        </section>
      )}

      {call.changeable && mode === 'cancel' && (
        <section className={CARD} aria-labelledby="counselling-cancel">
          <h2 id="counselling-cancel" className="text-xl font-semibold text-gray-900">
            <FormattedMessage id="counselling.manage.cancelTitle" defaultMessage="Cancel the call?" />
          </h2>
          <p className="mt-3 text-gray-700">
            <FormattedMessage
              id="counselling.manage.cancelText"
              defaultMessage="Your call on {when} will be cancelled and the counsellor told. You can book another at any time."
              values={{ when }}
            />
          </p>
          <div className="mt-6 flex flex-col gap-3 sm:flex-row">
            <button
              type="button"
              className={PRIMARY}
              aria-disabled={change.isPending || undefined}
              onClick={() => {
                if (!change.isPending) change.mutate({ action: 'cancel' });
              }}
            >
              <FormattedMessage id="counselling.manage.cancelSubmit" defaultMessage="Yes, cancel the call" />
            </button>
            <button type="button" className={SECONDARY} onClick={() => setMode('view')}>
              <FormattedMessage id="counselling.manage.keepCall" defaultMessage="Keep the call" />
            </button>
          </div>
        </section>
      )}
    </Frame>
  );
}
