import { defineMessages, type MessageDescriptor } from '@formatjs/intl';
import { and, gt, inArray, lte } from 'drizzle-orm';
import { LIVE_CALL_STATES } from '#domain/counselling/calls';
import { dueReminder, REMINDER_LEAD, type CallReminderKind } from '#domain/counselling/reminders';
import { linkInLanguage } from '#domain/i18n/language';
import { SITE } from '#domain/site';
import { counsellingCall, counsellingCallReminder } from '#server/db/schema/index';
import type { EmailMessage } from '#server/email/templates';
import { intlFor, languageOrDefault } from '#server/i18n';
import type { OpenUnit } from '#server/unit-of-work';
import { callTimeInWords } from './call-email';
import { callTokenKey, signCallToken } from './call-token';
import type { CallRow } from './call-view';

// The reminders of a counselling call, a day and an hour before it: by email always, and by text to those who
// chose it (a number that replied STOP is not texted: the text outbox checks at sending, deliver-sms.ts).

const m = defineMessages({
  subject: {
    id: 'email.counsellingCall.reminder.subject',
    defaultMessage: 'Reminder: your call with a credit counsellor',
  },
  greeting: { id: 'email.counsellingCall.greeting', defaultMessage: 'Hi {name},' },
  day: {
    id: 'email.counsellingCall.reminder.day',
    defaultMessage: 'A reminder: your call with a credit counsellor is tomorrow, {when}. We will call you.',
  },
  hour: {
    id: 'email.counsellingCall.reminder.hour',
    defaultMessage:
      'A reminder: your call with a credit counsellor is in one hour, {when}. We will call you.',
  },
  change: {
    id: 'email.counsellingCall.change',
    defaultMessage: 'Need another time? Use the links below; they work until the call.',
  },
  rescheduleLink: { id: 'email.counsellingCall.rescheduleLink', defaultMessage: 'Choose another time' },
  cancelLink: { id: 'email.counsellingCall.cancelLink', defaultMessage: 'Cancel the call' },
  footer: { id: 'email.counsellingCall.footer', defaultMessage: 'Questions? Call {phone}.' },
  sms: {
    id: 'sms.counsellingCall.reminder',
    defaultMessage:
      '{company}: a reminder of your call with a credit counsellor, {when}. To move or cancel it: {url}. Reply STOP to opt out.',
  },
}) as unknown as Record<string, MessageDescriptor>;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The reminder email and, for a text reminder, the text's body; `token` signs the links to the call's page. */
export function callReminderMessages(o: {
  call: CallRow;
  kind: CallReminderKind;
  publicUrl: string;
  token: string;
}): { email: EmailMessage; sms: string | null } {
  const language = languageOrDefault(o.call.language);
  const intl = intlFor(language);
  const when = callTimeInWords(o.call);
  const page = (action?: string) =>
    linkInLanguage(
      `${o.publicUrl}/counselling-call?token=${encodeURIComponent(o.token)}${action ? `&action=${action}` : ''}`,
      language,
    );
  const links = [
    { label: intl.formatMessage(m.rescheduleLink!), url: page('reschedule') },
    { label: intl.formatMessage(m.cancelLink!), url: page('cancel') },
  ];
  const paragraphs = [
    intl.formatMessage(m.greeting!, { name: o.call.name }),
    intl.formatMessage(o.kind === 'day' ? m.day! : m.hour!, { when }),
    intl.formatMessage(m.change!),
  ];
  const footer = intl.formatMessage(m.footer!, { phone: SITE.phone.display });
  const email: EmailMessage = {
    to: o.call.email,
    subject: intl.formatMessage(m.subject!),
    text: [...paragraphs, ...links.map((l) => `${l.label}: ${l.url}`), footer].join('\n\n'),
    html: [
      ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
      ...links.map((l) => `<p><a href="${escapeHtml(l.url)}">${escapeHtml(l.label)}</a></p>`),
      `<p style="color:#555">${escapeHtml(footer)}</p>`,
    ].join('\n'),
    links,
    kind: `counselling-call-reminder-${o.kind}`,
  };
  const sms =
    o.call.reminder === 'emailAndText'
      ? intl.formatMessage(m.sms!, { company: SITE.companyName, when, url: page() })
      : null;
  return { email, sms };
}

/**
 * Sends the reminders due now: for each live call starting within a day, the reminder `dueReminder` names,
 * unless this revision of the call already had it. The calls are read in one unit of work; each reminder's row
 * and its messages are written in a unit of their own, whose outbox announces them once it commits, and the
 * row's key refuses a second, so two sweeps at once (two servers) send it once. Answers how many reminders
 * and texts were written.
 */
export async function sendDueCallReminders(
  openUnit: OpenUnit,
  o: { publicUrl: string; authSecret: string; now: Date },
): Promise<{ reminders: number; texts: number }> {
  const calls = await openUnit(({ tx }) =>
    tx
      .select()
      .from(counsellingCall)
      .where(
        and(
          inArray(counsellingCall.state, [...LIVE_CALL_STATES]),
          gt(counsellingCall.startsAt, o.now),
          lte(counsellingCall.startsAt, new Date(o.now.getTime() + REMINDER_LEAD.day)),
        ),
      ),
  );
  const key = callTokenKey(o.authSecret);
  let reminders = 0;
  let texts = 0;
  for (const call of calls) {
    const kind = dueReminder(
      { startsAt: call.startsAt, state: call.state, changedAt: call.updatedAt },
      o.now,
    );
    if (!kind) continue;
    await openUnit(async (unit) => {
      const [claimed] = await unit.tx
        .insert(counsellingCallReminder)
        .values({ callId: call.id, kind, revision: call.revision })
        .onConflictDoNothing()
        .returning({ callId: counsellingCallReminder.callId });
      if (!claimed) return;
      const messages = callReminderMessages({
        call,
        kind,
        publicUrl: o.publicUrl,
        token: signCallToken(key, call.id, call.endsAt, call.revision),
      });
      await unit.outbox.email(messages.email);
      reminders++;
      if (messages.sms) {
        await unit.outbox.text({
          applicationId: null,
          to: call.phoneNumber,
          eventType: `counselling-call-reminder-${kind}`,
          body: messages.sms,
        });
        texts++;
      }
    });
  }
  return { reminders, texts };
}
