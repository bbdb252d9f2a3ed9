import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { lenderFriendlyName } from '#domain/underwriting/lender-names';
import { application } from '#server/db/schema/application';
import { decision } from '#server/db/schema/decision';
import {
  ENROLLMENT_UPDATED_EVENT_TYPE,
  PARTNER_WEBHOOK_EVENT_TYPE,
  type PartnerWebhookEventType,
} from '#server/application/partner-events';
import {
  PARTNER_SIGNATURE_HEADER,
  PARTNER_TIMESTAMP_HEADER,
  partnerSignatureProblem,
  partnerTimestamp,
  signPartnerMessage,
} from '#server/application/partner-signature';
import { last4 } from '#server/security/field-encryption';
import type { Unit } from '#server/unit-of-work';

/*
 * The hand-over to the agency's CRM: when an application moves to transfer, a JSON event is POSTed to
 * PARTNER_WEBHOOK_URL, signed with PARTNER_WEBHOOK_SECRET over the moment of sending and the body (X-Timestamp,
 * X-Signature, the same signature the agency's events come to us with: src/server/application/
 * partner-signature.ts), and retried by the job queue until the partner
 * answers 2xx. There is no outbox table for it: the pending delivery lives in the pg-boss job. The event
 * carries the borrower's and spouse's names, email, phone and address, and pg-boss keeps a job's data in
 * clear (for days after it completes), so the job holds ids only: the event id, the application id and the
 * moment of the transfer. The body is built from the database each time the job runs. The partner
 * deduplicates by event id; a retry after the borrower's details changed sends the details as they are then
 * (signed anew), and an application erased meanwhile is no longer announced. The job is queued right after
 * the transfer commits; a crash between the commit and the queueing loses that one event (the application
 * still shows transfer in the portal, and 'Mark transferred' is the hand-over's confirmation).
 */

export const PARTNER_WEBHOOK_QUEUE = 'partner-webhook';
// The two kinds of event (the transfer, and changes after it): src/server/application/partner-events.ts.
export { ENROLLMENT_UPDATED_EVENT_TYPE, PARTNER_WEBHOOK_EVENT_TYPE, type PartnerWebhookEventType };
export const SIGNATURE_HEADER = PARTNER_SIGNATURE_HEADER;
export const TIMESTAMP_HEADER = PARTNER_TIMESTAMP_HEADER;
export const EVENT_ID_HEADER = 'x-event-id';
export const EVENT_TYPE_HEADER = 'x-event-type';
/** A partner that does not answer within this time is retried later. */
export const PARTNER_WEBHOOK_TIMEOUT_MS = 10_000;
/** Retries with exponential backoff from PARTNER_WEBHOOK_RETRY_DELAY_SECONDS: about a day and a half in all. */
export const PARTNER_WEBHOOK_RETRY_LIMIT = 12;
export const PARTNER_WEBHOOK_RETRY_DELAY_SECONDS = 30;

/** What the partner receives. Money is integer cents, rates basis points; account numbers only by last 4. */
export type PartnerWebhookEvent = {
  id: string;
  type: PartnerWebhookEventType;
  createdAt: string;
  applicationId: string;
  borrower: {
    id: string;
    firstName: string | null;
    lastName: string | null;
    email: string | null;
    phoneNumber: string | null;
    addressLine1: string | null;
    addressLine2: string | null;
    city: string | null;
    state: string | null;
    zipCode: string | null;
    preferredLanguage: string | null;
  };
  spouse: {
    firstName: string | null;
    lastName: string | null;
    email: string | null;
    phoneNumber: string | null;
  } | null;
  enrollment: {
    active: boolean;
    monthlyPaymentAmount: number;
    termInMonths: number;
    dateSigned: string | null;
    firstPaymentDate: string | null;
    /** The borrower's changes of the draft day: the first draft on each new day, oldest first. */
    draftDayChanges: string[];
  };
  acceptedOffers: {
    offerId: string;
    creditorName: string;
    accountNumberLast4: string | null;
    balance: number;
    payment: number;
    term: number;
    proposedApr: number | null;
    creditorAccount: {
      isAch: boolean;
      email: string | null;
      accountNumberLast4: string | null;
      routingNumberLast4: string | null;
      addressLine1: string | null;
      addressLine2: string | null;
      city: string | null;
      state: string | null;
      zipCode: string | null;
      memo: string | null;
    } | null;
  }[];
};

/**
 * The pg-boss job: ids, the event's type and moment only, nothing personal (see above). Jobs queued before
 * there were two types carry none: they are transfers.
 */
export type PartnerWebhookJob = {
  eventId: string;
  applicationId: string;
  createdAt: string;
  type?: PartnerWebhookEventType;
};

/** A job queued by versions that kept the whole body in the job (read and rewritten as ids, see below). */
export type LegacyPartnerWebhookJob = { eventId: string; body: string };

/** One POST: the event id, its type and the body as sent. */
export type PartnerWebhookDelivery = { eventId: string; type?: PartnerWebhookEventType; body: string };

/** `sha256=` and the hex HMAC-SHA256 of `${timestamp}.${body}` with the shared secret. */
export const signPartnerWebhook = signPartnerMessage;

/**
 * What the partner does on receipt: recompute over the timestamp and the exact body, compare in constant time,
 * and refuse a moment more than five minutes from its clock.
 */
export function verifyPartnerWebhookSignature(o: {
  body: string;
  secret: string;
  timestamp: string | undefined;
  signature: string | undefined;
  now: Date;
}): boolean {
  return partnerSignatureProblem(o) === null;
}

/**
 * The transfer event of an application, from what is committed: the borrower, the enrollment and the
 * accepted offers of the newest decision, read in the unit (the job's, before it calls the partner outside
 * it). Undefined when the application has no enrollment (nothing to hand over).
 */
export async function buildPartnerWebhookEvent(
  unit: Pick<Unit, 'tx' | 'cipher'>,
  o: {
    applicationId: string;
    eventId?: string;
    type?: PartnerWebhookEventType;
    now?: Date;
  },
): Promise<PartnerWebhookEvent | undefined> {
  const { tx, cipher } = unit;
  const app = await tx.query.application.findFirst({
    where: eq(application.id, o.applicationId),
    columns: { id: true },
    with: { borrower: true, spouse: true, dmpEnrollment: true },
  });
  if (!app?.borrower || !app.dmpEnrollment) return undefined;
  const newest = await tx.query.decision.findFirst({
    where: eq(decision.applicationId, app.id),
    orderBy: [desc(decision.createdAt)],
    with: {
      offers: {
        orderBy: (t, { desc: descending }) => [descending(t.balance)],
        with: {
          debt: { with: { creditorAccount: true } },
          collection: { with: { creditorAccount: true } },
        },
      },
    },
  });
  const b = app.borrower;
  const e = app.dmpEnrollment;
  return {
    id: o.eventId ?? randomUUID(),
    type: o.type ?? PARTNER_WEBHOOK_EVENT_TYPE,
    createdAt: (o.now ?? new Date()).toISOString(),
    applicationId: app.id,
    borrower: {
      id: b.id,
      firstName: b.firstName,
      lastName: b.lastName,
      email: b.email,
      phoneNumber: b.phoneNumber,
      addressLine1: b.addressLine1,
      addressLine2: b.addressLine2,
      city: b.city,
      state: b.state,
      zipCode: b.zipCode,
      preferredLanguage: b.preferredLanguage,
    },
    spouse: app.spouse
      ? {
          firstName: app.spouse.firstName,
          lastName: app.spouse.lastName,
          email: app.spouse.email,
          phoneNumber: app.spouse.phoneNumber,
        }
      : null,
    enrollment: {
      active: e.active,
      monthlyPaymentAmount: e.monthlyPaymentAmount,
      termInMonths: e.termInMonths,
      dateSigned: e.dateSigned,
      firstPaymentDate: e.firstPaymentDate,
      draftDayChanges: e.draftDayChanges,
    },
    acceptedOffers: (newest?.offers ?? [])
      .filter((x) => x.status === 'accepted')
      .map((x) => {
        const account = x.debt ?? x.collection;
        const creditor = account?.creditorAccount ?? null;
        const bureauName = x.debt?.lenderName ?? x.collection?.subscriberName ?? '';
        return {
          offerId: x.id,
          creditorName:
            x.debt?.lenderFriendlyName ??
            x.collection?.subscriberFriendlyName ??
            lenderFriendlyName(bureauName),
          accountNumberLast4: last4(cipher, account?.accountNumber),
          balance: x.balance,
          payment: x.payment,
          term: x.term,
          proposedApr: x.proposedApr,
          creditorAccount: creditor
            ? {
                isAch: creditor.isAch,
                email: creditor.email,
                accountNumberLast4: last4(cipher, creditor.accountNumber),
                routingNumberLast4: last4(cipher, creditor.routingNumber),
                addressLine1: creditor.addressLine1,
                addressLine2: creditor.addressLine2,
                city: creditor.city,
                state: creditor.state,
                zipCode: creditor.zipCode,
                memo: creditor.memo,
              }
            : null,
        };
      }),
  };
}

/** The job data for a transfer: a new event id, the application and when it moved. */
export const partnerWebhookJob = (
  applicationId: string,
  now: Date,
  eventId = randomUUID(),
  type: PartnerWebhookEventType = PARTNER_WEBHOOK_EVENT_TYPE,
): PartnerWebhookJob => ({
  eventId,
  applicationId,
  createdAt: now.toISOString(),
  type,
});

const isEventType = (value: unknown): value is PartnerWebhookEventType =>
  value === PARTNER_WEBHOOK_EVENT_TYPE || value === ENROLLMENT_UPDATED_EVENT_TYPE;

/**
 * The ids of a job, whichever version queued it. A job queued before jobs held ids only carries the whole
 * event as `body`: its ids are read from it, and the body itself is built again like any other's. Null when
 * the data is neither (nothing to send).
 */
export function partnerWebhookJobIds(
  data: PartnerWebhookJob | LegacyPartnerWebhookJob,
): PartnerWebhookJob | null {
  if ('applicationId' in data && typeof data.applicationId === 'string') {
    return {
      eventId: data.eventId,
      applicationId: data.applicationId,
      createdAt: data.createdAt,
      type: isEventType(data.type) ? data.type : PARTNER_WEBHOOK_EVENT_TYPE,
    };
  }
  if ('body' in data && typeof data.body === 'string') {
    try {
      const event = JSON.parse(data.body) as Partial<PartnerWebhookEvent>;
      if (typeof event.applicationId === 'string' && typeof event.createdAt === 'string')
        return { eventId: data.eventId, applicationId: event.applicationId, createdAt: event.createdAt };
    } catch {
      // Not JSON: nothing this version can send.
    }
  }
  return null;
}

export class PartnerWebhookError extends Error {}

/**
 * POSTs one event, signed at the moment of sending (each retry is signed anew, so a retry a day later is not
 * refused as old). A network error, a timeout or an answer other than 2xx throws, so the job queue retries.
 * Returns the partner's HTTP status.
 */
export async function deliverPartnerWebhook(o: {
  url: string;
  secret: string;
  delivery: PartnerWebhookDelivery;
  fetch?: typeof fetch;
  now?: () => Date;
}): Promise<number> {
  const send = o.fetch ?? fetch;
  const timestamp = partnerTimestamp((o.now ?? (() => new Date()))());
  const res = await send(o.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [TIMESTAMP_HEADER]: timestamp,
      [SIGNATURE_HEADER]: signPartnerWebhook(timestamp, o.delivery.body, o.secret),
      [EVENT_ID_HEADER]: o.delivery.eventId,
      [EVENT_TYPE_HEADER]: o.delivery.type ?? PARTNER_WEBHOOK_EVENT_TYPE,
    },
    body: o.delivery.body,
    signal: AbortSignal.timeout(PARTNER_WEBHOOK_TIMEOUT_MS),
    redirect: 'error',
  });
  // The answer's body is not needed; reading it frees the connection.
  await res.arrayBuffer().catch(() => undefined);
  if (!res.ok) throw new PartnerWebhookError(`The partner answered ${res.status}`);
  return res.status;
}
