import type { FastifyServerOptions } from 'fastify';
import type { AddressLookup } from '#providers/address/port';
import type { BankLink } from '#providers/bank-link/port';
import type { SandboxBankLink } from '#providers/bank-link/sandbox';
import type { CreditBureau } from '#providers/credit-bureau/port';
import type { ESignature } from '#providers/e-signature/port';
import type { SandboxESignature } from '#providers/e-signature/sandbox';
import type { PhoneLookup } from '#providers/phone-lookup/port';
import type { SmsSender } from '#providers/sms/port';
import type { DocumentStore } from '#providers/document-store/port';
import type { QueueLetter } from './application/letter-queue';
import type { QueueProposals } from './application/proposal-queue';
import type { SealedDocuments } from './application/sealed-documents';
import type { Database } from './db/client';
import type { Config } from './env';
import type { Auth } from './plugins/auth';
import type { FieldCipher } from './security/field-encryption';
import type { ReadCache } from './plugins/read-cache';
import type { ApplicationView } from '#domain/flow/application-view';
import type { BorrowerRecordView } from '#domain/flow/staff-views';
import type { PartnerWebhookEventType } from './application/partner-events';

// What buildApp is given (AppDeps) and what every feature receives (Services). In a file of its own so the
// features and app.ts do not import each other.

export type AppDeps = {
  config: Config;
  database: Database;
  phoneLookup: PhoneLookup;
  creditBureau: CreditBureau;
  addressLookup: AddressLookup;
  sms: SmsSender;
  bankLink: BankLink;
  /** The built-in bank-link dialog's backend; null with a real provider. */
  bankLinkSandbox: SandboxBankLink | null;
  eSignature: ESignature;
  /** The built-in signing page's backend; null with a real provider. */
  eSignatureSandbox: SandboxESignature | null;
  /** Called after a transaction that wrote outbox emails commits; the job queue delivers them. */
  onEmailQueued?: (id: string) => void;
  /** Called after a transaction that wrote a text message to the SMS outbox commits. */
  onSmsQueued?: (id: string) => void;
  /**
   * Called after a transaction that moved an application to transfer commits, with the application id; or,
   * with 'enrollment.updated', after one that changed a handed-over plan's enrollment (draft day, amount).
   */
  onWebhookQueued?: (id: string, type?: PartnerWebhookEventType) => void;
  /**
   * Writes the job that sends the Letter of Authorization, in the payment account's transaction; absent
   * without a job queue (then the letter is sent once the save commits).
   */
  queueLetter?: QueueLetter;
  /**
   * Writes the job that prepares the proposals to the creditors, in quality control's transaction; absent
   * without a job queue (then no proposal is made: tests of the API alone).
   */
  queueProposals?: QueueProposals;
  /** Where documents are kept; the one DOCUMENT_STORE picks unless given (tests). */
  documentStore?: DocumentStore;
  logger?: FastifyServerOptions['logger'];
  /**
   * Today, 'yyyy-MM-dd', instead of the agency's real day (AGENCY_TIME_ZONE). Tests give another day to see a
   * letter left unsigned for days.
   */
  today?: () => string;
};

/** Services the features use, built once per app. */
export type Services = Omit<AppDeps, 'today'> & {
  /**
   * Today in the agency's calendar ('yyyy-MM-dd' in AGENCY_TIME_ZONE, or the day AppDeps gave): the day a
   * borrower's letter, first draft, debt-free dates and income window count from. Never the server's UTC day,
   * which is already tomorrow on an American evening.
   */
  today: () => string;
  /** The agency's day ('yyyy-MM-dd') that a stored instant fell on: the day a letter was signed, say. */
  dayOf: (at: Date) => string;
  auth: Auth;
  cipher: FieldCipher;
  /** The document store, sealing what it keeps with ENCRYPTION_KEY. */
  documents: SealedDocuments;
  /** Borrowers' applications as GET /api/application answers them, dropped when their rows change. */
  applicationCache: ReadCache<ApplicationView>;
  /** Borrower summaries without their history, by application, dropped when their rows change. */
  summaryCache: ReadCache<BorrowerRecordView>;
};
