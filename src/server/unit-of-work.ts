import { AsyncLocalStorage } from 'node:async_hooks';
import { recordAudit } from './audit/record-audit';
import type { Reader, Transaction } from './db/client';
import { enqueueEmail } from './email/outbox';
import type { EmailMessage } from './email/templates';
import { enqueueSms } from './sms/outbox';
import { letterJobAlive } from './application/letter-queue';
import type { PartnerWebhookEventType } from './application/partner-events';
import type { FieldCipher } from './security/field-encryption';
import type { Services } from './services';

// The unit of work: what one request or one job does to the database, as one transaction, with what every
// use case needs beside it. Emails, texts and partner events written in it are handed to the job queue by the
// unit itself once the transaction has committed, never before (the queue would look for rows not yet
// visible) and never after a rollback (there is nothing to send). A vendor (the credit bureau, the bank link,
// the scheduler, the document store) is never called inside one: its answer is awaited outside, before or
// after, so no transaction holds a connection and its locks while a vendor takes its time.
// docs/architecture.md, "The unit of work"; docs/decisions/0182-unit-of-work.md.

export type { Reader, Transaction };

/** One audit record, written in the unit's transaction (who, what, before → after). */
export type AuditEntry = Parameters<typeof recordAudit>[1];

/** A text to the SMS outbox. */
export type OutboxText = Parameters<typeof enqueueSms>[2];

/**
 * The messages and jobs a unit writes. Each is a row in the unit's transaction; the unit announces them to the
 * job queue after it commits.
 */
export type Outbox = {
  /** Writes an email to the email outbox; answers its id. */
  email: (message: EmailMessage) => Promise<string>;
  /** Writes a text to the SMS outbox; answers its id. */
  text: (text: OutboxText) => Promise<string>;
  /** A partner event (an application handed over, an enrollment changed), sent once the unit commits. */
  partnerEvent: (applicationId: string, type?: PartnerWebhookEventType) => void;
  /**
   * Rows a shared helper wrote in this unit's transaction by itself (a contact attempt's text, say): announced
   * with the unit's own.
   */
  adopt: (written: { emailIds?: readonly string[]; smsIds?: readonly string[] }) => void;
  /**
   * Writes the job that sends an application's Letter of Authorization, in this transaction (its worker is
   * woken once the unit commits). False without a job queue (tests of the API alone): then the caller sends
   * the letter after the unit, as before. `unlessAlive`: nothing is written when the application's letter job
   * is already queued, retrying or running (letterJobAlive), and true is answered.
   */
  letterJob: (applicationId: string, o?: { unlessAlive?: boolean }) => Promise<boolean>;
  /** Writes the job that prepares an application's proposals, in this transaction; false without a queue. */
  proposalsJob: (applicationId: string) => Promise<boolean>;
};

export type Unit = {
  /** The unit's one transaction: everything it reads and writes, its row locks held until it ends. */
  readonly tx: Transaction;
  /** Today in the agency's calendar ('yyyy-MM-dd'), taken once when the unit opened. */
  readonly today: string;
  /** The field cipher, for the columns stored sealed. */
  readonly cipher: FieldCipher;
  /** Writes an audit record in the unit's transaction: it exists exactly when the change does. */
  readonly audit: (entry: AuditEntry) => Promise<void>;
  readonly outbox: Outbox;
};

/** What opening a unit takes from the app's services, and nothing more. */
export type UnitServices = Pick<
  Services,
  | 'database'
  | 'cipher'
  | 'today'
  | 'onEmailQueued'
  | 'onSmsQueued'
  | 'onWebhookQueued'
  | 'queueLetter'
  | 'queueProposals'
>;

/** Opens a unit, runs `fn` in it, commits, then announces what it wrote (a route's or a job's one door). */
export type OpenUnit = <T>(fn: (unit: Unit) => Promise<T>) => Promise<T>;

/** Set while a unit runs, in its async context: what refuses a nested unit and a vendor call inside one. */
const insideUnit = new AsyncLocalStorage<true>();

export const NESTED_UNIT = 'A unit of work cannot be opened inside another: pass the unit on instead.';

/**
 * Runs `fn` in a new unit of work: one transaction, committed when `fn` resolves and rolled back when it
 * throws (the error goes on to the caller). Only after the commit are the outbox's emails, texts and partner
 * events announced to the job queue, each once; a rolled-back unit announces nothing. A unit inside another is
 * refused: it would be a second connection, which waits for the first's locks (or, on the embedded database,
 * for the first to end: forever).
 */
export async function withUnit<T>(services: UnitServices, fn: (unit: Unit) => Promise<T>): Promise<T> {
  if (insideUnit.getStore()) throw new Error(NESTED_UNIT);
  const emailIds: string[] = [];
  const smsIds: string[] = [];
  const events: { applicationId: string; type?: PartnerWebhookEventType }[] = [];
  // The wakes of this instance's workers for the jobs written in the transaction (the letter, the proposals).
  const afterCommit: (() => void)[] = [];
  const result = await insideUnit.run(true, () =>
    services.database.db.transaction(async (tx) => {
      const { cipher } = services;
      const unit: Unit = {
        tx,
        today: services.today(),
        cipher,
        audit: (entry) => recordAudit(tx, entry),
        outbox: {
          email: async (message) => {
            const id = await enqueueEmail(tx, cipher, message);
            emailIds.push(id);
            return id;
          },
          text: async (text) => {
            const id = await enqueueSms(tx, cipher, text);
            smsIds.push(id);
            return id;
          },
          partnerEvent: (applicationId, type) => void events.push({ applicationId, type }),
          adopt: (written) => {
            emailIds.push(...(written.emailIds ?? []));
            smsIds.push(...(written.smsIds ?? []));
          },
          letterJob: async (applicationId, o = {}) => {
            if (!services.queueLetter) return false;
            if (o.unlessAlive && (await letterJobAlive(tx, applicationId))) return true;
            const wake = await services.queueLetter(tx, applicationId);
            if (wake) afterCommit.push(wake);
            return true;
          },
          proposalsJob: async (applicationId) => {
            if (!services.queueProposals) return false;
            const wake = await services.queueProposals(tx, applicationId);
            if (wake) afterCommit.push(wake);
            return true;
          },
        },
      };
      return fn(unit);
    }),
  );
  // Committed: the rows are visible to the queue now (and this runs in the caller's context, outside the unit).
  for (const id of emailIds) services.onEmailQueued?.(id);
  for (const id of smsIds) services.onSmsQueued?.(id);
  for (const event of events) services.onWebhookQueued?.(event.applicationId, event.type);
  // The jobs written in the transaction are visible now: their workers fetch them at once, not at the next poll.
  for (const wake of afterCommit) wake();
  return result;
}

/**
 * Runs `fn` in a savepoint of the unit's transaction: when it throws, what it wrote is undone and the error
 * goes on to the caller, while the unit itself goes on (a step whose failure the use case records instead, as
 * a decision that failed disqualifies). The unit's locks are kept either way.
 */
export function inSavepoint<T>(unit: Unit, fn: (tx: Transaction) => Promise<T>): Promise<T> {
  return unit.tx.transaction(fn);
}

/** The app's door to units: `withUnit` bound to its services. */
export const unitOpener =
  (services: UnitServices): OpenUnit =>
  (fn) =>
    withUnit(services, fn);

/**
 * A unit that only reads, with no transaction: its reads run on the pool, each a statement of its own, so a
 * route that reads costs no BEGIN and COMMIT (two of a small read's three or four statements). For a read of
 * one statement, or of several rows that need not agree with each other at one instant; a read whose rows
 * must come from one snapshot (a parent and its children that a concurrent write replaces together) opens a
 * Unit instead. It writes nothing, so it has no audit and no outbox; a vendor is still refused inside it.
 */
export type ReadUnit = {
  /** The database, for selects only: each runs on its own, on whichever pooled connection is free. */
  readonly db: Reader;
  /** Today in the agency's calendar ('yyyy-MM-dd'), taken once when the unit opened. */
  readonly today: string;
  /** The field cipher, for the columns stored sealed. */
  readonly cipher: FieldCipher;
};

/** Opens a read-only unit and runs `fn` in it (a route's door for a read that needs no transaction). */
export type OpenReadUnit = <T>(fn: (unit: ReadUnit) => Promise<T>) => Promise<T>;

/**
 * Runs `fn` in a read-only unit: no transaction, no outbox. Refused inside another unit (pass that unit's
 * transaction on instead, which reads that unit's own writes); a vendor call inside it throws, as in a Unit.
 */
export async function withReadUnit<T>(
  services: Pick<UnitServices, 'database' | 'cipher' | 'today'>,
  fn: (unit: ReadUnit) => Promise<T>,
): Promise<T> {
  if (insideUnit.getStore()) throw new Error(NESTED_UNIT);
  const unit: ReadUnit = { db: services.database.db, today: services.today(), cipher: services.cipher };
  return insideUnit.run(true, () => fn(unit));
}

/** The app's door to read-only units: `withReadUnit` bound to its services. */
export const readUnitOpener =
  (services: Pick<UnitServices, 'database' | 'cipher' | 'today'>): OpenReadUnit =>
  (fn) =>
    withReadUnit(services, fn);

/** Whether the caller runs inside a unit of work. */
export const isInsideUnit = (): boolean => insideUnit.getStore() === true;

export class VendorCallInUnitError extends Error {
  constructor(port: string, method: string) {
    super(
      `${port}.${method} was called inside a unit of work: call the vendor before or after the unit and pass its answer in.`,
    );
    this.name = 'VendorCallInUnitError';
  }
}

/**
 * A vendor's port that refuses to be called inside a unit of work (it throws VendorCallInUnitError, which rolls
 * the unit back): the wiring wraps each vendor port it hands a converted feature, so a vendor call slipped into
 * a unit fails the first test that reaches it rather than holding a transaction open in production.
 */
export function outsideUnits<P extends object>(port: P, name: string): P {
  return new Proxy(port, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (typeof value !== 'function') return value;
      return function (this: unknown, ...args: unknown[]) {
        if (insideUnit.getStore()) throw new VendorCallInUnitError(name, String(property));
        return (value as (...a: unknown[]) => unknown).apply(this === receiver ? target : this, args);
      };
    },
  });
}
