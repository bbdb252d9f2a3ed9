import { defineMessages, type MessageDescriptor } from '@formatjs/intl';
import { createEvent } from 'ics';
import { linkInLanguage } from '#domain/i18n/language';
import { SITE } from '#domain/site';
import type { EmailMessage } from '#server/email/templates';
import { intlFor, languageOrDefault } from '#server/i18n';

// The counselling call's emails: booked, moved, cancelled. Each carries the call's time in the borrower's
// time zone, a calendar invitation (.ics) and, while the call is live, the links that move or cancel it.

// Messages with values are used as plain descriptors (see email/templates.ts).
const m = defineMessages({
  bookedSubject: {
    id: 'email.counsellingCall.booked.subject',
    defaultMessage: 'Your call with a credit counsellor',
  },
  rescheduledSubject: {
    id: 'email.counsellingCall.rescheduled.subject',
    defaultMessage: 'Your call with a credit counsellor has moved',
  },
  cancelledSubject: {
    id: 'email.counsellingCall.cancelled.subject',
    defaultMessage: 'Your call with a credit counsellor is cancelled',
  },
  rescheduleRequestedSubject: {
    id: 'email.counsellingCall.rescheduleRequested.subject',
    defaultMessage: 'Your counsellor asked to move your call',
  },
  greeting: { id: 'email.counsellingCall.greeting', defaultMessage: 'Hi {name},' },
  booked: {
    id: 'email.counsellingCall.booked',
    defaultMessage: 'Your call with a credit counsellor is booked for {when}. We will call you at {phone}.',
  },
  rescheduled: {
    id: 'email.counsellingCall.rescheduled',
    defaultMessage: 'Your call with a credit counsellor is now on {when}. We will call you at {phone}.',
  },
  cancelled: {
    id: 'email.counsellingCall.cancelled',
    defaultMessage:
      'Your call with a credit counsellor on {when} is cancelled. You can book another at any time.',
  },
  rescheduleRequested: {
    id: 'email.counsellingCall.rescheduleRequested',
    defaultMessage:
      'Your counsellor needs to move your call with a credit counsellor on {when}. You will get a separate email with a link to choose a new time; once you choose it, we will confirm it here. If it does not arrive, call us and we will find a time with you.',
  },
  calendar: {
    id: 'email.counsellingCall.calendar',
    defaultMessage: 'The attached invitation adds the call to your calendar.',
  },
  calendarCancelled: {
    id: 'email.counsellingCall.calendarCancelled',
    defaultMessage: 'The attached file takes the call out of your calendar.',
  },
  calendarRemoved: {
    id: 'email.counsellingCall.calendarRemoved',
    defaultMessage: 'The attached file takes the old time out of your calendar.',
  },
  change: {
    id: 'email.counsellingCall.change',
    defaultMessage: 'Need another time? Use the links below; they work until the call.',
  },
  rescheduleLink: { id: 'email.counsellingCall.rescheduleLink', defaultMessage: 'Choose another time' },
  cancelLink: { id: 'email.counsellingCall.cancelLink', defaultMessage: 'Cancel the call' },
  bookLink: { id: 'email.counsellingCall.bookLink', defaultMessage: 'Book a call' },
  eventTitle: { id: 'email.counsellingCall.eventTitle', defaultMessage: 'Call with a credit counsellor' },
  eventDescription: {
    id: 'email.counsellingCall.eventDescription',
    defaultMessage: '{agency} calls you at {phone}. To move or cancel the call: {url}',
  },
  eventDescriptionNoLink: {
    id: 'email.counsellingCall.eventDescriptionNoLink',
    defaultMessage: '{agency} calls you at {phone}.',
  },
  eventDescriptionCancelled: {
    id: 'email.counsellingCall.eventDescriptionCancelled',
    defaultMessage: 'This call with {agency} is cancelled.',
  },
  eventDescriptionRescheduleRequested: {
    id: 'email.counsellingCall.eventDescriptionRescheduleRequested',
    defaultMessage: '{agency} needs to move this call to a new time.',
  },
  filename: { id: 'email.counsellingCall.filename', defaultMessage: 'counselling-call.ics' },
  footer: { id: 'email.counsellingCall.footer', defaultMessage: 'Questions? Call {phone}.' },
}) as unknown as Record<string, MessageDescriptor>;

/**
 * rescheduleRequested: the host asked in Cal.com for a new time (the call awaits the borrower's choice there);
 * like a cancellation, its calendar file takes the old time out of the calendar.
 */
export type CallEmailKind = 'booked' | 'rescheduled' | 'cancelled' | 'rescheduleRequested';

/** Whether the kind's calendar file removes the event (METHOD:CANCEL): the old time no longer holds. */
const removesEvent = (kind: CallEmailKind) => kind === 'cancelled' || kind === 'rescheduleRequested';

export type CallForEmail = {
  id: string;
  name: string;
  email: string;
  phoneNumber: string;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  /** 'en' or 'es'; anything else is written in English. */
  language: string;
  revision: number;
};

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** '+12025550123' as a person reads it: '(202) 555-0123'. */
const phoneInWords = (e164: string) => {
  const digits = e164.replace(/^\+1/, '');
  return /^\d{10}$/.test(digits) ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : e164;
};

const utcParts = (at: Date): [number, number, number, number, number] => [
  at.getUTCFullYear(),
  at.getUTCMonth() + 1,
  at.getUTCDate(),
  at.getUTCHours(),
  at.getUTCMinutes(),
];

/**
 * A content line folded as RFC 5545 (section 3.1) asks: "Lines of text SHOULD NOT be longer than 75 octets,
 * excluding the line break. Long content lines SHOULD be split into a multiple line representations using a
 * line "folding" technique. That is, a long line can be split between any two characters by inserting a CRLF
 * immediately followed by a single linear white-space character". Octets, not characters: the `ics` library
 * folds every 75 characters, so a Spanish line with "á" or "ñ" (two octets each in UTF-8) came out longer, and
 * strict readers cut it. Folded between characters, never inside one.
 */
function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  // The first line holds 75 octets; each continuation starts with its one space, so holds 74 more.
  let room = 75;
  for (const character of line) {
    const size = Buffer.byteLength(character, 'utf8');
    if (octets + size > room) {
      parts.push(current);
      current = '';
      octets = 0;
      room = 74;
    }
    current += character;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** The calendar file with every content line unfolded (the library's own folds) and folded again by octets. */
export const foldedByOctets = (ics: string): string =>
  ics
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .map(foldLine)
    .join('\r\n');

/**
 * The calendar invitation. Times are written in UTC ('…Z'): every calendar shows them in its reader's own
 * zone, with no time-zone table to get wrong. The call's id is its UID and each change raises the SEQUENCE, so
 * a calendar that imported the first invitation updates that event instead of adding a second.
 */
export function callInvitation(o: {
  call: CallForEmail;
  kind: CallEmailKind;
  manageUrl: string | null;
  host: string;
}): string {
  const intl = intlFor(languageOrDefault(o.call.language));
  const { error, value } = createEvent({
    productId: '-//Debt management plan//Counselling call//EN',
    method: removesEvent(o.kind) ? 'CANCEL' : 'PUBLISH',
    uid: `counselling-call-${o.call.id}@${o.host}`,
    sequence: o.call.revision,
    start: utcParts(o.call.startsAt),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: utcParts(o.call.endsAt),
    endInputType: 'utc',
    endOutputType: 'utc',
    title: intl.formatMessage(m.eventTitle!),
    // A cancelled call has no link to move it: its text says so, instead of a sentence ending in a colon.
    description:
      o.kind === 'cancelled'
        ? intl.formatMessage(m.eventDescriptionCancelled!, { agency: SITE.agencyName })
        : o.kind === 'rescheduleRequested'
          ? intl.formatMessage(m.eventDescriptionRescheduleRequested!, { agency: SITE.agencyName })
          : intl.formatMessage(o.manageUrl ? m.eventDescription! : m.eventDescriptionNoLink!, {
              agency: SITE.agencyName,
              phone: phoneInWords(o.call.phoneNumber),
              url: o.manageUrl ?? '',
            }),
    // RFC 5546 (iTIP) section 3.2.1: 'The "Organizer" MUST be present in a published iCalendar component.'
    // Its CANCEL (section 3.2.5) is "sent by the "Organizer" of the event" and its table requires one too. The
    // agency is the organizer, reached at its customer-service mailbox; the borrower is never named (a PUBLISH
    // carries no attendees).
    organizer: { name: SITE.agencyName, email: SITE.email },
    status: removesEvent(o.kind) ? 'CANCELLED' : 'CONFIRMED',
    ...(o.manageUrl ? { url: o.manageUrl } : {}),
  });
  if (error || !value) throw new Error('The calendar invitation could not be written');
  return foldedByOctets(value);
}

/** The invitation's file name, in the call's language. */
export const invitationFilename = (language: string): string =>
  intlFor(languageOrDefault(language)).formatMessage(m.filename!);

/** The call's start as the borrower reads it: "Monday, March 9, 2026 at 9:00 AM EDT". */
export function callTimeInWords(call: Pick<CallForEmail, 'startsAt' | 'timeZone' | 'language'>): string {
  return intlFor(languageOrDefault(call.language)).formatDate(call.startsAt, {
    timeZone: call.timeZone,
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  });
}

/** The email for a booked, moved or cancelled call; `token` signs its links (none for a cancelled call). */
export function callEmail(o: {
  call: CallForEmail;
  kind: CallEmailKind;
  publicUrl: string;
  token: string | null;
}): EmailMessage {
  const { call } = o;
  const language = languageOrDefault(call.language);
  const intl = intlFor(language);
  const when = callTimeInWords(call);
  const phone = phoneInWords(call.phoneNumber);
  const page = (query: string) => linkInLanguage(`${o.publicUrl}/counselling-call?${query}`, language);
  const manageUrl = o.token ? page(`token=${encodeURIComponent(o.token)}`) : null;
  // A call awaiting the time its borrower picks in Cal.com has no link of the product's: Cal.com refuses to
  // move a booking cancelled by a reschedule request through its API, so only its own emailed link can.
  const links =
    o.kind === 'rescheduleRequested'
      ? []
      : o.token && o.kind !== 'cancelled'
        ? [
            {
              label: intl.formatMessage(m.rescheduleLink!),
              url: page(`token=${encodeURIComponent(o.token)}&action=reschedule`),
            },
            {
              label: intl.formatMessage(m.cancelLink!),
              url: page(`token=${encodeURIComponent(o.token)}&action=cancel`),
            },
          ]
        : [
            {
              label: intl.formatMessage(m.bookLink!),
              url: linkInLanguage(`${o.publicUrl}/counselling-call`, language),
            },
          ];
  const subject = intl.formatMessage(
    {
      booked: m.bookedSubject!,
      rescheduled: m.rescheduledSubject!,
      cancelled: m.cancelledSubject!,
      rescheduleRequested: m.rescheduleRequestedSubject!,
    }[o.kind],
  );
  const paragraphs = [
    intl.formatMessage(m.greeting!, { name: call.name }),
    intl.formatMessage(
      {
        booked: m.booked!,
        rescheduled: m.rescheduled!,
        cancelled: m.cancelled!,
        rescheduleRequested: m.rescheduleRequested!,
      }[o.kind],
      { when, phone },
    ),
    // Only a live call's file adds it; a cancellation's file takes it out of the calendar.
    intl.formatMessage(
      o.kind === 'rescheduleRequested'
        ? m.calendarRemoved!
        : o.kind === 'cancelled'
          ? m.calendarCancelled!
          : m.calendar!,
    ),
    ...(removesEvent(o.kind) ? [] : [intl.formatMessage(m.change!)]),
  ];
  const footer = intl.formatMessage(m.footer!, { phone: SITE.phone.display });
  const text = [...paragraphs, ...links.map((l) => `${l.label}: ${l.url}`), footer].join('\n\n');
  const html = [
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    ...links.map((l) => `<p><a href="${escapeHtml(l.url)}">${escapeHtml(l.label)}</a></p>`),
    `<p style="color:#555">${escapeHtml(footer)}</p>`,
  ].join('\n');
  const invitation = callInvitation({ call, kind: o.kind, manageUrl, host: new URL(o.publicUrl).hostname });
  return {
    to: call.email,
    subject,
    text,
    html,
    links,
    kind: `counselling-call-${o.kind}`,
    attachments: [
      {
        filename: invitationFilename(call.language),
        contentType: `text/calendar; charset=utf-8; method=${removesEvent(o.kind) ? 'CANCEL' : 'PUBLISH'}`,
        content: Buffer.from(invitation, 'utf8').toString('base64'),
      },
    ],
  };
}
