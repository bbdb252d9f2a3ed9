import { readdirSync, readFileSync } from 'node:fs';
import { formatConfirmedAt } from '#domain/enrollment/authorization-addendum';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OUTCOMES } from '#domain/underwriting/outcomes';
import { englishIn, literalRuns } from '#tests/support/english-in-spanish';
import { payoffPlan } from '#domain/underwriting/payoff-plan';
import type { CreditorAnswerEffect } from '#domain/enrollment/plan-change';
import type { CallRow } from '#server/features/counselling/call-view';
import { callReminderMessages } from '#server/features/counselling/call-reminders';
import {
  callEmail,
  callInvitation,
  invitationFilename,
  type CallForEmail,
} from '#server/features/counselling/call-email';
import type { EmailMessage } from '#server/email/templates';
import * as templates from '#server/email/templates';
import * as texts from '#server/sms/texts';

// A Spanish reader meets no English: every email and text we send, written in Spanish, and every Spanish
// message of the catalogs, is searched for the English of the catalogs (each message's own words between its
// placeholders) and for the domain's English texts. A template that writes an English sentence into a Spanish
// email (a domain text, a forgotten message, a fallback) fails here.

const i18nDir = path.resolve(import.meta.dirname, '../domain/i18n');
const spanish: Record<string, { en: string; es: string }> = Object.assign(
  {},
  ...readdirSync(path.join(i18nDir, 'catalogs/es'))
    .filter((file) => file.endsWith('.json'))
    .map((file) => JSON.parse(readFileSync(path.join(i18nDir, 'catalogs/es', file), 'utf8')) as object),
);

// ---------------------------------------------------------------------------------------------------------
// Every template, written in Spanish in each of its branches.

const publicUrl = 'https://app.example.org';
const today = new Date('2026-11-26T00:00:00Z');
const mailTexts = (mail: EmailMessage) => [
  mail.subject,
  mail.text,
  ...mail.links.map((link) => link.label),
  ...(mail.attachments ?? []).map((file) => file.filename),
];

const payoffCases = [
  [{ id: 'a', name: 'Chase', balance: 300000, aprBp: 2190, payment: 8500 }],
  [{ id: 'a', name: 'Chase', balance: 300000, aprBp: 2190, payment: 5000 }],
  [{ id: 'a', name: 'Chase', balance: 3000000, aprBp: 2990, payment: 1000 }],
  [
    { id: 'a', name: 'Chase', balance: 300000, aprBp: 2190, payment: 8500 },
    { id: 'b', name: 'Store Card', balance: 120000, aprBp: 2190, payment: 2000 },
  ],
  [{ id: 'a', name: 'Chase', balance: 1000, aprBp: 0, payment: 1000 }],
];

const change = {
  declinedByCreditor: [
    { id: 'offer-citi', creditorName: 'Citi', currentPayment: 12_345 },
    { id: 'offer-discover', creditorName: 'Discover', currentPayment: 5_000 },
  ],
  appliesFrom: '2027-01-01',
  monthlyDraft: 123_456,
  authorizedMonthlyDraft: 100_000,
  needsConfirmation: true,
};
const changes = [
  change,
  { ...change, declinedByCreditor: [change.declinedByCreditor[0]!] },
  { ...change, needsConfirmation: false },
  { ...change, needsConfirmation: false, appliesFrom: null },
  { ...change, needsConfirmation: true, appliesFrom: null },
  { ...change, needsConfirmation: false, monthlyDraft: 100_000 },
] as never[];

/** One answer of each kind a plan-change email names (answerEffects). */
const everyAnswer: CreditorAnswerEffect[] = [
  { kind: 'accepted', id: 'a', creditorName: 'Chase', payment: 10_000 },
  {
    kind: 'counterOffer',
    id: 'b',
    creditorName: 'Synchrony',
    payment: 9_200,
    aprBp: 990,
    proposedPayment: 7_000,
    proposedAprBp: 800,
  },
  { kind: 'declined', id: 'c', creditorName: 'Barclays', currentPayment: 4_800 },
  { kind: 'notReached', id: 'd', creditorName: 'Citi', currentPayment: 3_000 },
  { kind: 'silentAccepted', id: 'e', creditorName: 'Discover', payment: 5_000, days: 30 },
  { kind: 'silentDeclined', id: 'f', creditorName: 'Capital One', currentPayment: 2_500, days: null },
];
/** The budget check on the changed plan, fitting or not (plan-fit.ts). */
const planFit = (fits: boolean) => ({
  room: 42_600,
  monthlyDraft: 29_433,
  payDirectly: 16_200,
  monthlyTotal: 45_633,
  left: fits ? 5_000 : -3_033,
  fits,
  thin: false,
});

const es = { language: 'es' as const };
const person = { to: 'pat@example.org', publicUrl, ...es };

/** Each exported template of src/server/email/templates.ts and what it writes in Spanish. */
const EMAILS: Record<string, () => string[]> = {
  initialPasswordEmail: () =>
    ['Pat', undefined].flatMap((firstName) =>
      mailTexts(
        templates.initialPasswordEmail({ publicUrl, email: 'a@example.org', code: '1', firstName, ...es }),
      ),
    ),
  resetPasswordEmail: () =>
    mailTexts(templates.resetPasswordEmail({ publicUrl, email: 'a@example.org', code: '1', ...es })),
  verifyNewEmailEmail: () =>
    mailTexts(templates.verifyNewEmailEmail({ publicUrl, email: 'a@example.org', code: '1', ...es })),
  signLetterEmail: () =>
    [true, false].flatMap((forSpouse) =>
      mailTexts(
        templates.signLetterEmail({ to: 'a@example.org', name: 'Pat', url: publicUrl, forSpouse, ...es }),
      ),
    ),
  signLetterInvitation: () =>
    [true, false].flatMap((forSpouse) => {
      const invitation = templates.signLetterInvitation({ name: 'Pat', forSpouse, ...es });
      return [invitation.subject, invitation.body];
    }),
  letterSignedEmail: () =>
    mailTexts(templates.letterSignedEmail({ ...person, name: 'Pat', signedPdf: new Uint8Array([1]) })),
  notQualifiedEmail: () => [
    ...OUTCOMES.flatMap((outcome) =>
      mailTexts(
        templates.notQualifiedEmail({
          ...person,
          firstName: 'Pat',
          outcome: { outcomes: [outcome], payoffPlan: null },
          today,
        }),
      ),
    ),
    ...payoffCases.flatMap((debts) =>
      mailTexts(
        templates.notQualifiedEmail({
          ...person,
          firstName: null,
          outcome: { outcomes: ['cashflowTooHigh'], payoffPlan: { ...payoffPlan(debts), aprAssumed: true } },
          today,
        }),
      ),
    ),
  ],
  qualityControlReopenedEmail: () =>
    mailTexts(templates.qualityControlReopenedEmail({ ...person, firstName: 'Pat' })),
  spouseConsentEmail: () =>
    mailTexts(
      templates.spouseConsentEmail({
        to: 'a@example.org',
        spouseName: 'Sam',
        borrowerName: 'Pat Doe',
        url: publicUrl,
        days: 7,
        ...es,
      }),
    ),
  lowBalanceEmail: () =>
    mailTexts(templates.lowBalanceEmail({ ...person, firstName: null, paymentDate: '2027-03-15' })),
  bankDisconnectedEmail: () => mailTexts(templates.bankDisconnectedEmail({ ...person, firstName: 'Pat' })),
  draftReturnedEmail: () => [
    ...mailTexts(
      templates.draftReturnedEmail({
        ...person,
        firstName: 'Pat',
        figures: { amount: 31_250, date: '2026-12-15', returnCode: 'R01' },
      }),
    ),
    ...mailTexts(
      templates.draftReturnedEmail({
        ...person,
        firstName: null,
        figures: { amount: null, date: null, returnCode: 'R99' },
      }),
    ),
  ],
  paymentNotPostedEmail: () =>
    mailTexts(
      templates.paymentNotPostedEmail({
        ...person,
        firstName: 'Pat',
        figures: {
          creditor: 'Capital One',
          amount: 9_800,
          sentOn: '2026-11-02',
          method: 'electronic',
          reference: '021000021234567',
          deadline: '2026-11-17',
        },
        windowDays: 10,
      }),
    ),
  creditorPaidOffEmail: () =>
    mailTexts(
      templates.creditorPaidOffEmail({
        ...person,
        firstName: 'Pat',
        figures: { creditor: 'Discover', asOf: '2026-12-10' },
      }),
    ),
  planChangedEmail: () =>
    changes.flatMap((c) =>
      [
        { term: { was: 60, now: 53 }, draftsBefore: true, fit: planFit(false) },
        { term: { was: null, now: 60 }, draftsBefore: false, fit: planFit(true) },
        { term: { was: 60, now: 60 }, draftsBefore: false, fit: null },
      ].flatMap((settled) =>
        mailTexts(
          templates.planChangedEmail({ ...person, name: 'Pat', change: c, answers: everyAnswer, ...settled }),
        ),
      ),
    ),
  draftDayChangedEmail: () =>
    [[], ['2027-01-05'], ['2027-01-05', '2027-02-05']].flatMap((draftsBeforeChange) =>
      mailTexts(
        templates.draftDayChangedEmail({
          ...person,
          name: 'Pat',
          monthlyDraft: 123_456,
          change: { draftDay: 21, firstDraftOnNewDay: '2027-02-21', draftsBeforeChange },
        }),
      ),
    ),
  authorizationAddendumEmail: () =>
    ['2027-02-21', null].flatMap((appliesFrom) =>
      mailTexts(
        templates.authorizationAddendumEmail({
          ...person,
          name: 'Pat',
          figures: { previousMonthlyDraft: 38_500, monthlyDraft: 41_500, appliesFrom },
          confirmedAt: formatConfirmedAt(new Date('2027-02-01T15:04:00Z'), 'es', 'America/New_York'),
          pdf: new Uint8Array([37, 80, 68, 70]),
        }),
      ),
    ),
};

/** Each exported text of src/server/sms/texts.ts in Spanish. */
const SMS: Record<string, () => string[]> = {
  contactAttemptSms: () =>
    [null, 'Pat'].flatMap((borrowerFirstName) =>
      [null, 'Sam'].map((staffFirstName) =>
        texts.contactAttemptSms('es', { borrowerFirstName, staffFirstName }),
      ),
    ),
  offersReadySms: () =>
    [null, 'Pat'].map((firstName) => texts.offersReadySms('es', { firstName, url: publicUrl })),
  lowBalanceSms: () => [texts.lowBalanceSms('es', { url: publicUrl })],
  bankDisconnectedSms: () => [texts.bankDisconnectedSms('es', { url: publicUrl })],
  optedOutSms: () => [texts.optedOutSms('es')],
  helpSms: () => [texts.helpSms('es')],
};

const call: CallForEmail = {
  id: 'call-1',
  name: 'Pat',
  email: 'pat@example.org',
  phoneNumber: '+12025550123',
  startsAt: new Date('2027-03-09T14:00:00Z'),
  endsAt: new Date('2027-03-09T14:30:00Z'),
  timeZone: 'America/New_York',
  language: 'es',
  revision: 1,
};
const callKinds = ['booked', 'rescheduled', 'cancelled', 'rescheduleRequested'] as const;

/** The counselling call's emails, invitations and reminders in Spanish. */
const COUNSELLING: Record<string, () => string[]> = {
  callEmail: () =>
    callKinds.flatMap((kind) =>
      [null, 'token'].flatMap((token) => mailTexts(callEmail({ call, kind, publicUrl, token }))),
    ),
  callInvitation: () =>
    callKinds.flatMap((kind) =>
      [null, `${publicUrl}/counselling-call`].map((manageUrl) =>
        // The calendar file's own words (SUMMARY, DESCRIPTION), unfolded; its keywords are not English text.
        callInvitation({ call, kind, manageUrl, host: 'example.org' })
          .replace(/\r\n[ \t]/g, '')
          .split('\r\n')
          .filter((line) => /^(SUMMARY|DESCRIPTION)[:;]/.test(line))
          .join('\n')
          .replace(/\\n/g, '\n')
          .replace(/\\([,;\\])/g, '$1'),
      ),
    ),
  invitationFilename: () => [invitationFilename('es')],
  callReminderMessages: () =>
    (['day', 'hour'] as const).flatMap((kind) => {
      const { email, sms } = callReminderMessages({
        call: { ...call, reminder: 'emailAndText' } as unknown as CallRow,
        kind,
        publicUrl,
        token: 'token',
      });
      return [...mailTexts(email), sms ?? ''];
    }),
};

describe('a Spanish reader meets no English', () => {
  it('finds the English it looks for (the check can fail)', () => {
    expect(englishIn('Hola. Why: We could not find your credit file.')).not.toEqual([]);
    expect(englishIn('estará libre de deudas para March 2028')).toEqual(['"March 2028" (an English month)']);
    expect(englishIn('Hola, Pat: Clearpath Debt Relief le escribe.')).toEqual([]);
  });

  it('every email template and every text has its Spanish renderings here', () => {
    const functions = (module: object) =>
      Object.entries(module)
        .filter(([, value]) => typeof value === 'function')
        .map(([name]) => name)
        .sort();
    expect(functions(templates)).toEqual(Object.keys(EMAILS).sort());
    expect(functions(texts)).toEqual(Object.keys(SMS).sort());
  });

  it.each(Object.entries({ ...EMAILS, ...SMS, ...COUNSELLING }))(
    '%s in Spanish has no English',
    (_, render) => {
      const written = render();
      expect(written.length).toBeGreaterThan(0);
      const english = written.flatMap((text) =>
        englishIn(text).map((found) => `${found} in: ${text.slice(0, 120)}`),
      );
      expect(english).toEqual([]);
    },
  );

  it('tells a Spanish reader to reply PARAR and AYUDA, never STOP or HELP', () => {
    // START stays: it is the only word that lifts the carrier's block after a STOP, and there is no Spanish one.
    const found = Object.entries(spanish)
      .filter(([, { es }]) => /\b(STOP|HELP)\b/.test(es))
      .map(([id]) => id);
    expect(found).toEqual([]);
  });

  it('no Spanish message of the catalogs holds English', () => {
    const found = Object.entries(spanish).flatMap(([id, { es }]) =>
      englishIn(literalRuns(es).join(' | ')).map((run) => `${id}: ${run}`),
    );
    expect(found).toEqual([]);
  });
});
