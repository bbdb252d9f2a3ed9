import { z } from 'zod';
import type { AgencyEventType } from '../enrollment/agency-events';
import { isPlainText } from './fields';

// The agency's daily events file: for an agency whose system sends no webhooks, the same events as the signed
// API (src/domain/enrollment/agency-events.ts), one per row of a CSV file, uploaded in the service portal or
// given to `npm run agency-events:import` (docs/decisions/0193).

/** A day's file of a large agency is a few hundred rows of about 200 bytes; far more is not a day's file. */
export const AGENCY_EVENTS_FILE_MAX_BYTES = 1024 * 1024;
export const AGENCY_EVENTS_FILE_MAX_ROWS = 5000;
/** Only the file's own name is kept (in each row's source), and no more of it than this. */
export const AGENCY_EVENTS_FILE_NAME_MAX = 120;

/** The columns of every row: the event's envelope. */
export const AGENCY_EVENTS_FILE_ENVELOPE_COLUMNS = ['id', 'applicationId', 'occurredAt', 'type'] as const;

/** The columns of the events' `data`, by the event type each belongs to (the same names as the API's fields). */
export const AGENCY_EVENTS_FILE_DATA_COLUMNS: Record<AgencyEventType, readonly string[]> = {
  'draft.scheduled': ['draftId', 'amount', 'scheduledFor'],
  'draft.settled': ['draftId', 'amount', 'settledOn'],
  'draft.returned': ['draftId', 'amount', 'returnCode', 'returnedOn'],
  'disbursement.sent': [
    'disbursementId',
    'offerId',
    'draftId',
    'amount',
    'method',
    'traceNumber',
    'checkNumber',
    'sentOn',
  ],
  'disbursement.posted': ['disbursementId', 'postedOn'],
  'disbursement.rejected': ['disbursementId', 'rejectedOn', 'reason'],
  'creditor.balance_reported': ['offerId', 'balance', 'asOf'],
};

/** Every column a file may have, in the order the README's example writes them; a file may order them freely. */
export const AGENCY_EVENTS_FILE_COLUMNS: readonly string[] = [
  ...AGENCY_EVENTS_FILE_ENVELOPE_COLUMNS,
  ...new Set(Object.values(AGENCY_EVENTS_FILE_DATA_COLUMNS).flat()),
];

/** The columns whose cells are numbers (integer cents). */
export const AGENCY_EVENTS_FILE_NUMBER_COLUMNS: readonly string[] = ['amount', 'balance'];

const encoder = new TextEncoder();
/** The size of a text in UTF-8, as it is on disk. */
export const utf8Bytes = (text: string): number => encoder.encode(text).length;

const MAX_MB = AGENCY_EVENTS_FILE_MAX_BYTES / (1024 * 1024);
export const AGENCY_EVENTS_FILE_TOO_LARGE = `The file is larger than ${MAX_MB} MB: split it into smaller files.`;
export const AGENCY_EVENTS_FILE_TOO_MANY_ROWS = `The file has more than ${AGENCY_EVENTS_FILE_MAX_ROWS} events: split it into smaller files.`;

/** POST /api/staff/agency-events/file: the file's name and its text (the browser reads it as UTF-8). */
export const agencyEventsFileUploadSchema = z.strictObject({
  fileName: z
    .string({ error: 'Required.' })
    .trim()
    .min(1, 'Required.')
    .max(AGENCY_EVENTS_FILE_NAME_MAX, `Must be at most ${AGENCY_EVENTS_FILE_NAME_MAX} characters.`)
    .refine((name) => isPlainText(name), 'Must not contain control characters.')
    .refine((name) => !/[\\/]/.test(name), 'Must be a file name, without folders.'),
  content: z
    .string({ error: 'Required.' })
    // Counted in characters first, so a huge body is refused before its bytes are counted.
    .max(AGENCY_EVENTS_FILE_MAX_BYTES, AGENCY_EVENTS_FILE_TOO_LARGE)
    .refine((text) => utf8Bytes(text) <= AGENCY_EVENTS_FILE_MAX_BYTES, AGENCY_EVENTS_FILE_TOO_LARGE)
    .refine((text) => text.trim() !== '', 'The file is empty.'),
});
export type AgencyEventsFileUpload = z.infer<typeof agencyEventsFileUploadSchema>;

/** What became of one row: recorded now, already recorded (the same event), or refused with the reason. */
export const AGENCY_EVENTS_FILE_OUTCOMES = ['applied', 'alreadyKnown', 'refused'] as const;
export type AgencyEventsFileOutcome = (typeof AGENCY_EVENTS_FILE_OUTCOMES)[number];

export const agencyEventsFileReportSchema = z.object({
  fileName: z.string(),
  /** The rows with an event (blank lines are not counted). */
  rows: z.number().int(),
  applied: z.number().int(),
  alreadyKnown: z.number().int(),
  refused: z.number().int(),
  results: z.array(
    z.object({
      /** The row's line in the file, the header being line 1 (as a spreadsheet numbers it). */
      row: z.number().int(),
      /** The event's id when the row has one. */
      eventId: z.string().nullable(),
      outcome: z.enum(AGENCY_EVENTS_FILE_OUTCOMES),
      /** Why it was refused ("field: message"); null otherwise. */
      reason: z.string().nullable(),
    }),
  ),
});
export type AgencyEventsFileReport = z.infer<typeof agencyEventsFileReportSchema>;
