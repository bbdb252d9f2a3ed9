import { defineMessages, type MessageDescriptor } from '@formatjs/intl';
import { z } from 'zod';
import type { Cents } from '../money/cents';
import { addBusinessDays, addDays } from '#domain/calendar';

// After the hand-over, the agency's DMP system runs the plan: it draws the borrower's monthly payment (a
// "draft", by ACH) and pays each creditor from it (a "disbursement"). It tells us what happened by sending
// events (docs/decisions/0190). This module is what an event is, what the bank's return codes mean in plain
// words, and how the events recorded for one plan add up to the state of each draft and each disbursement.
//
// Events may arrive twice, late, or in another order than they happened. The state is therefore never "the
// last event received": it is computed from every recorded event, sorted by the moment the agency says it
// happened (ties by event id, so two servers compute the same thing), and a state only ever moves forward.

const calendarDay = z.iso.date({ message: 'Must be a date (yyyy-mm-dd).' });
const positiveCents = z
  .number({ message: 'Must be a whole number of cents.' })
  .int('Must be a whole number of cents.')
  .positive('Must be more than zero.')
  .max(100_000_000, 'Must be at most 100000000 cents.');
const reference = z.string().trim().min(1, 'Required.').max(100, 'Must be at most 100 characters.');

/** An ACH return code: R and two digits (R01 insufficient funds, R02 account closed, R08 payment stopped...). */
export const returnCodeSchema = z.string().regex(/^R\d{2}$/, 'Must be an ACH return code such as R01.');

const envelope = z.object({
  /** The agency's id of the event; also its idempotency key: the same id is the same event. */
  id: z
    .string()
    .trim()
    .min(1, 'Required.')
    .max(100, 'Must be at most 100 characters.')
    .regex(/^[A-Za-z0-9._:-]+$/, 'Must be letters, digits, dots, dashes, colons or underscores.'),
  /** The plan: the application id the hand-over sent. */
  applicationId: z.uuid('Must be the application id the hand-over sent.'),
  /** When it happened at the agency (not when it was sent), with its offset: the order of the events. */
  occurredAt: z.iso.datetime({ offset: true, message: 'Must be a date and time with its offset.' }),
});

const draftScheduled = envelope.extend({
  type: z.literal('draft.scheduled'),
  data: z.strictObject({ draftId: reference, amount: positiveCents, scheduledFor: calendarDay }),
});
const draftSettled = envelope.extend({
  type: z.literal('draft.settled'),
  data: z.strictObject({ draftId: reference, amount: positiveCents.optional(), settledOn: calendarDay }),
});
const draftReturned = envelope.extend({
  type: z.literal('draft.returned'),
  data: z.strictObject({
    draftId: reference,
    amount: positiveCents.optional(),
    returnCode: returnCodeSchema,
    returnedOn: calendarDay,
  }),
});
const disbursementSent = envelope.extend({
  type: z.literal('disbursement.sent'),
  data: z
    .strictObject({
      disbursementId: reference,
      /** The creditor, as the hand-over named it: the accepted offer's id. */
      offerId: z.uuid('Must be the offer id the hand-over sent.'),
      /** The draft whose money this pays, when the agency says. */
      draftId: reference.optional(),
      amount: positiveCents,
      /** `electronic`: RPPS or another electronic network, with its trace number; `check`: a mailed check. */
      method: z.enum(['electronic', 'check'], { message: 'Must be electronic or check.' }),
      traceNumber: reference.optional(),
      checkNumber: reference.optional(),
      sentOn: calendarDay,
    })
    .refine((d) => d.method !== 'electronic' || d.traceNumber !== undefined, {
      message: 'Required for an electronic payment.',
      path: ['traceNumber'],
    })
    .refine((d) => d.method !== 'check' || d.checkNumber !== undefined, {
      message: 'Required for a check.',
      path: ['checkNumber'],
    }),
});
const disbursementPosted = envelope.extend({
  type: z.literal('disbursement.posted'),
  data: z.strictObject({ disbursementId: reference, postedOn: calendarDay }),
});
const disbursementRejected = envelope.extend({
  type: z.literal('disbursement.rejected'),
  data: z.strictObject({
    disbursementId: reference,
    rejectedOn: calendarDay,
    /** The creditor's words, when the agency has them (never shown to the borrower as they are). */
    reason: z.string().trim().max(500, 'Must be at most 500 characters.').optional(),
  }),
});
const creditorBalanceReported = envelope.extend({
  type: z.literal('creditor.balance_reported'),
  data: z.strictObject({
    offerId: z.uuid('Must be the offer id the hand-over sent.'),
    balance: z
      .number({ message: 'Must be a whole number of cents.' })
      .int('Must be a whole number of cents.')
      .min(0, 'Must be zero or more.')
      .max(100_000_000, 'Must be at most 100000000 cents.'),
    asOf: calendarDay,
  }),
});

/** One event of the agency's DMP system, as its body is sent. */
export const agencyEventSchema = z.discriminatedUnion(
  'type',
  [
    draftScheduled,
    draftSettled,
    draftReturned,
    disbursementSent,
    disbursementPosted,
    disbursementRejected,
    creditorBalanceReported,
  ],
  { error: () => 'Must be one of the agency event types.' },
);
export type AgencyEvent = z.infer<typeof agencyEventSchema>;
export type AgencyEventType = AgencyEvent['type'];
export const AGENCY_EVENT_TYPES: readonly AgencyEventType[] = [
  'draft.scheduled',
  'draft.settled',
  'draft.returned',
  'disbursement.sent',
  'disbursement.posted',
  'disbursement.rejected',
  'creditor.balance_reported',
];

/** The first problem of an event that does not parse, as "field: message" (the API's 400). */
export function agencyEventProblem(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid event.';
  const field = issue.path.join('.');
  return field ? `${field}: ${issue.message}` : issue.message;
}

// --- The bank's return codes -------------------------------------------------------------------------------

/**
 * The return codes we name in plain words: the ones a borrower's draft meets in practice. Any other code is
 * accepted and shown by its code with the general reason.
 */
export const RETURN_CODE_MESSAGES = defineMessages({
  R01: { id: 'portal.payments.returnCode.R01', defaultMessage: 'There was not enough money in the account.' },
  R02: { id: 'portal.payments.returnCode.R02', defaultMessage: 'The account is closed.' },
  R03: {
    id: 'portal.payments.returnCode.R03',
    defaultMessage: 'The bank could not find the account.',
  },
  R04: { id: 'portal.payments.returnCode.R04', defaultMessage: 'The account number is not valid.' },
  R07: {
    id: 'portal.payments.returnCode.R07',
    defaultMessage: 'You told your bank you no longer authorize the payment.',
  },
  R08: { id: 'portal.payments.returnCode.R08', defaultMessage: 'A stop was put on the payment.' },
  R09: {
    id: 'portal.payments.returnCode.R09',
    defaultMessage: 'The money in the account was not yet available.',
  },
  R10: {
    id: 'portal.payments.returnCode.R10',
    defaultMessage: 'You told your bank the payment was not authorized.',
  },
  R16: { id: 'portal.payments.returnCode.R16', defaultMessage: 'The account is frozen.' },
  R20: {
    id: 'portal.payments.returnCode.R20',
    defaultMessage: 'The account does not allow this kind of payment.',
  },
});
export type NamedReturnCode = keyof typeof RETURN_CODE_MESSAGES;

const OTHER_RETURN_CODE = defineMessages({
  other: {
    id: 'portal.payments.returnCode.other',
    defaultMessage: 'Your bank returned the payment (code {code}).',
  },
});

/** The plain-words reason of a return code, and its values (the code itself, for the general reason). */
export function returnCodeReason(code: string): { message: MessageDescriptor; values: { code: string } } {
  const named = (RETURN_CODE_MESSAGES as Record<string, MessageDescriptor>)[code];
  return { message: named ?? OTHER_RETURN_CODE.other, values: { code } };
}

// --- The fold --------------------------------------------------------------------------------------------------

/** An event as recorded: what the fold needs, whatever table or file it came from. */
export type RecordedAgencyEvent = AgencyEvent;

export type DraftStatus = 'scheduled' | 'settled' | 'returned';
export type DisbursementStatus = 'sent' | 'posted' | 'rejected';

/**
 * How far each state is along: a state is replaced only by one further along. A settled draft can still be
 * returned (the bank has days to return an ACH debit after it settled); a returned draft is final. A posted or
 * rejected disbursement is final; of the two, the first the agency saw happen stands.
 */
const DRAFT_RANK: Record<DraftStatus, number> = { scheduled: 0, settled: 1, returned: 2 };
const DISBURSEMENT_RANK: Record<DisbursementStatus, number> = { sent: 0, posted: 1, rejected: 1 };

export type DraftState = {
  draftId: string;
  status: DraftStatus;
  amount: Cents | null;
  scheduledFor: string | null;
  settledOn: string | null;
  returnedOn: string | null;
  returnCode: string | null;
  /** The event that set the status. */
  statusEventId: string;
};

export type DisbursementState = {
  disbursementId: string;
  status: DisbursementStatus;
  offerId: string | null;
  draftId: string | null;
  amount: Cents | null;
  method: 'electronic' | 'check' | null;
  traceNumber: string | null;
  checkNumber: string | null;
  sentOn: string | null;
  postedOn: string | null;
  rejectedOn: string | null;
  statusEventId: string;
};

export type CreditorBalance = { offerId: string; balance: Cents; asOf: string; eventId: string };

export type PlanLedger = {
  drafts: DraftState[];
  disbursements: DisbursementState[];
  balances: CreditorBalance[];
  /** Events that changed no status because the thing was already further along (kept, never applied). */
  ignored: { eventId: string; reason: 'already-further' }[];
};

/** The order the events happened in: their own moment, then their id. */
export function compareAgencyEvents(a: RecordedAgencyEvent, b: RecordedAgencyEvent): number {
  const at = Date.parse(a.occurredAt) - Date.parse(b.occurredAt);
  if (at !== 0) return at;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * The state of a plan's drafts, disbursements and creditors' balances from its recorded events, in any order
 * and with repeats: the same id counts once, events apply in the order they happened, and a state is replaced
 * only by one further along. Details an event carries (an amount, a date, a trace number) fill in what is still
 * unknown even when the event comes too late to change the status, so a "sent" that is sorted after its
 * "posted" still tells how the creditor was paid.
 */
export function foldAgencyEvents(events: readonly RecordedAgencyEvent[]): PlanLedger {
  const seen = new Set<string>();
  const unique = events.filter((e) => (seen.has(e.id) ? false : (seen.add(e.id), true)));
  const ordered = [...unique].sort(compareAgencyEvents);
  const drafts = new Map<string, DraftState>();
  const disbursements = new Map<string, DisbursementState>();
  const balances = new Map<string, CreditorBalance>();
  const ignored: PlanLedger['ignored'] = [];

  const fill = <T extends object>(target: T, values: Partial<T>) => {
    for (const [key, value] of Object.entries(values) as [keyof T, T[keyof T]][]) {
      if (value !== undefined && target[key] === null) target[key] = value;
    }
  };

  for (const e of ordered) {
    switch (e.type) {
      case 'draft.scheduled':
      case 'draft.settled':
      case 'draft.returned': {
        const status: DraftStatus =
          e.type === 'draft.scheduled' ? 'scheduled' : e.type === 'draft.settled' ? 'settled' : 'returned';
        const details: Partial<DraftState> = {
          amount: e.data.amount,
          scheduledFor: 'scheduledFor' in e.data ? e.data.scheduledFor : undefined,
          settledOn: 'settledOn' in e.data ? e.data.settledOn : undefined,
          returnedOn: 'returnedOn' in e.data ? e.data.returnedOn : undefined,
          returnCode: 'returnCode' in e.data ? e.data.returnCode : undefined,
        };
        const current = drafts.get(e.data.draftId);
        if (!current) {
          const row: DraftState = {
            draftId: e.data.draftId,
            status,
            amount: null,
            scheduledFor: null,
            settledOn: null,
            returnedOn: null,
            returnCode: null,
            statusEventId: e.id,
          };
          fill(row, details);
          drafts.set(row.draftId, row);
        } else if (DRAFT_RANK[status] > DRAFT_RANK[current.status]) {
          current.status = status;
          current.statusEventId = e.id;
          fill(current, details);
        } else {
          fill(current, details);
          ignored.push({ eventId: e.id, reason: 'already-further' });
        }
        break;
      }
      case 'disbursement.sent':
      case 'disbursement.posted':
      case 'disbursement.rejected': {
        const status: DisbursementStatus =
          e.type === 'disbursement.sent' ? 'sent' : e.type === 'disbursement.posted' ? 'posted' : 'rejected';
        const d = e.data as Partial<Record<string, string | number>>;
        const details = {
          offerId: d.offerId,
          draftId: d.draftId,
          amount: d.amount,
          method: d.method,
          traceNumber: d.traceNumber,
          checkNumber: d.checkNumber,
          sentOn: d.sentOn,
          postedOn: d.postedOn,
          rejectedOn: d.rejectedOn,
        } as Partial<DisbursementState>;
        const current = disbursements.get(e.data.disbursementId);
        if (!current) {
          const row: DisbursementState = {
            disbursementId: e.data.disbursementId,
            status,
            offerId: null,
            draftId: null,
            amount: null,
            method: null,
            traceNumber: null,
            checkNumber: null,
            sentOn: null,
            postedOn: null,
            rejectedOn: null,
            statusEventId: e.id,
          };
          fill(row, details);
          disbursements.set(row.disbursementId, row);
        } else if (DISBURSEMENT_RANK[status] > DISBURSEMENT_RANK[current.status]) {
          current.status = status;
          current.statusEventId = e.id;
          fill(current, details);
        } else {
          // A final state that contradicts another final state (posted, then rejected) is not applied:
          // the first one stands, and the later one stays recorded for staff to look at.
          if (status === 'sent' || status === current.status) fill(current, details);
          ignored.push({ eventId: e.id, reason: 'already-further' });
        }
        break;
      }
      case 'creditor.balance_reported': {
        // The newest report wins: the events are in the order they happened, so each one replaces the last.
        balances.set(e.data.offerId, {
          offerId: e.data.offerId,
          balance: e.data.balance,
          asOf: e.data.asOf,
          eventId: e.id,
        });
        break;
      }
    }
  }
  return {
    drafts: [...drafts.values()],
    disbursements: [...disbursements.values()],
    balances: [...balances.values()],
    ignored,
  };
}

// --- Payments the creditor has not posted ---------------------------------------------------------------------

/**
 * How many business days a creditor has to post a payment the agency sent before it counts as not posted:
 * the agency's window. The counsellor's queue filter and the borrower's alert read this one figure.
 */
export const UNPOSTED_WINDOW_BUSINESS_DAYS = 10;

/**
 * Whether a payment sent on `sentOn` and still not posted or rejected is overdue on `today`: the window's last
 * business day has passed. Sent on Monday 2026-11-02 → due by 2026-11-17 (Veterans Day skipped), overdue from
 * 2026-11-18.
 */
export const postingOverdue = (
  sentOn: string,
  today: string,
  windowDays: number = UNPOSTED_WINDOW_BUSINESS_DAYS,
): boolean => addBusinessDays(sentOn, windowDays) < today;

/**
 * The newest sending day whose unposted payment is overdue on `today` (postingOverdue holds for this day and
 * every earlier one, as adding business days never goes back): a database reads "sent on or before it" instead
 * of counting business days row by row.
 */
export function latestOverdueSentOn(
  today: string,
  windowDays: number = UNPOSTED_WINDOW_BUSINESS_DAYS,
): string {
  let day = addDays(today, -1);
  while (!postingOverdue(day, today, windowDays)) day = addDays(day, -1);
  return day;
}
