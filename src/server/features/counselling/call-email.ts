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
  calendar: {
    id: 'email.counsellingCall.calendar',
    defaultMessage: 'The attached invitation adds the call to your calendar.',
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
  filename: { id: 'email.counsellingCall.filename', defaultMessage: 'counselling-call.ics' },
  footer: { id: 'email.counsellingCall.footer', defaultMessage: 'Questions? Call {phone}.' },
}) as unknown as Record<string, MessageDescriptor>;

export type CallEmailKind = 'booked' | 'rescheduled' | 'cancelled';

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
    method: o.kind === 'cancelled' ? 'CANCEL' : 'PUBLISH',
    uid: `counselling-call-${o.call.id}@${o.host}`,
    sequence: o.call.revision,
    start: utcParts(o.call.startsAt),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: utcParts(o.call.endsAt),
    endInputType: 'utc',
    endOutputType: 'utc',
    title: intl.formatMessage(m.eventTitle!),
    description: intl.formatMessage(m.eventDescription!, {
      agency: SITE.agencyName,
      phone: phoneInWords(o.call.phoneNumber),
      url: o.manageUrl ?? '',
    }),
    status: o.kind === 'cancelled' ? 'CANCELLED' : 'CONFIRMED',
    ...(o.manageUrl ? { url: o.manageUrl } : {}),
  });
  if (error || !value) throw new Error('The calendar invitation could not be written');
  return value;
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
  const links =
    o.token && o.kind !== 'cancelled'
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
    { booked: m.bookedSubject!, rescheduled: m.rescheduledSubject!, cancelled: m.cancelledSubject! }[o.kind],
  );
  const paragraphs = [
    intl.formatMessage(m.greeting!, { name: call.name }),
    intl.formatMessage({ booked: m.booked!, rescheduled: m.rescheduled!, cancelled: m.cancelled! }[o.kind], {
      when,
      phone,
    }),
    intl.formatMessage(m.calendar!),
    ...(o.kind === 'cancelled' ? [] : [intl.formatMessage(m.change!)]),
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
        contentType: `text/calendar; charset=utf-8; method=${o.kind === 'cancelled' ? 'CANCEL' : 'PUBLISH'}`,
        content: Buffer.from(invitation, 'utf8').toString('base64'),
      },
    ],
  };
}
