import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { CsvError, parse } from 'csv-parse/sync';
import { AppError } from '#domain/errors';
import {
  AGENCY_EVENT_TYPES,
  agencyEventProblem,
  agencyEventSchema,
  type AgencyEvent,
  type AgencyEventType,
} from '#domain/enrollment/agency-events';
import {
  AGENCY_EVENTS_FILE_COLUMNS,
  AGENCY_EVENTS_FILE_DATA_COLUMNS,
  AGENCY_EVENTS_FILE_ENVELOPE_COLUMNS,
  AGENCY_EVENTS_FILE_MAX_BYTES,
  AGENCY_EVENTS_FILE_MAX_ROWS,
  AGENCY_EVENTS_FILE_NAME_MAX,
  AGENCY_EVENTS_FILE_NUMBER_COLUMNS,
  AGENCY_EVENTS_FILE_TOO_LARGE,
  AGENCY_EVENTS_FILE_TOO_MANY_ROWS,
  utf8Bytes,
  type AgencyEventsFileReport,
} from '#domain/validation/agency-events-file';
import { isPlainText } from '#domain/validation/fields';
import { recordAgencyEventIn, type AgencyEventOutcome } from '#server/application/agency-ledger';
import type { Config } from '#server/env';
import type { Unit } from '#server/unit-of-work';

/*
 * The agency's daily events file (docs/decisions/0193): for an agency whose system sends no webhooks, the same
 * events as the signed API, one per CSV row, read row by row. A problem with the file as a whole (too large,
 * not CSV, a header we cannot read) refuses the whole file before anything is recorded; a problem with one row
 * refuses that row only, with its line and the reason, and the other rows are recorded. Each event goes through
 * the same schema and the same recorder as the API's, so a file sent twice, or an event that came by the API
 * first, is skipped as already known, and the same id with another event is refused as a conflict.
 */

const ENVELOPE: readonly string[] = AGENCY_EVENTS_FILE_ENVELOPE_COLUMNS;
const KNOWN_COLUMNS = new Set(AGENCY_EVENTS_FILE_COLUMNS);
const NUMBER_COLUMNS = new Set(AGENCY_EVENTS_FILE_NUMBER_COLUMNS);
const isEventType = (value: string): value is AgencyEventType =>
  (AGENCY_EVENT_TYPES as readonly string[]).includes(value);

const refuseFile = (message: string): never => {
  throw new AppError('ValidationError', message);
};

type ParsedRow = { row: number; cells: string[] };

/** The file's header and rows; throws a ValidationError when the file as a whole cannot be read. */
export function readAgencyEventsFile(content: string): { header: string[]; rows: ParsedRow[] } {
  if (utf8Bytes(content) > AGENCY_EVENTS_FILE_MAX_BYTES) refuseFile(AGENCY_EVENTS_FILE_TOO_LARGE);
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(content, {
      bom: true,
      info: true,
      // A row with more or fewer cells than the header is that row's problem, not the file's.
      relax_column_count: true,
      skip_empty_lines: true,
      // One more than the cap, so a file over it is told so rather than cut short.
      to: AGENCY_EVENTS_FILE_MAX_ROWS + 2,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    if (error instanceof CsvError) return refuseFile(`The file is not valid CSV: ${error.message}`);
    throw error;
  }
  const [first, ...rest] = records;
  if (!first) return refuseFile('The file is empty.');
  if (rest.length > AGENCY_EVENTS_FILE_MAX_ROWS) refuseFile(AGENCY_EVENTS_FILE_TOO_MANY_ROWS);
  const header = first.record.map((name) => name.trim());
  const seen = new Set<string>();
  for (const name of header) {
    if (!isPlainText(name) || !KNOWN_COLUMNS.has(name)) {
      refuseFile(
        `The header has a column we do not know: "${isPlainText(name) ? name.slice(0, 40) : '?'}". ` +
          `The columns are: ${AGENCY_EVENTS_FILE_COLUMNS.join(', ')}.`,
      );
    }
    if (seen.has(name)) refuseFile(`The header names the column ${name} twice.`);
    seen.add(name);
  }
  const missing = ENVELOPE.filter((name) => !seen.has(name));
  if (missing.length > 0) refuseFile(`The header lacks the columns: ${missing.join(', ')}.`);
  if (rest.length === 0) refuseFile('The file has a header and no events.');
  return { header, rows: rest.map((r) => ({ row: r.info.lines, cells: r.record })) };
}

/**
 * A number cell as the schema reads it: whole digits become a number, anything else stays text (and fails as
 * not a whole number of cents). Digits too many for an exact number are read as the largest exact one, so
 * the schema names the real problem: the amount is over its cap.
 */
function numberCell(cell: string): number | string {
  if (!/^-?\d+$/.test(cell)) return cell;
  const value = Number(cell);
  return Number.isSafeInteger(value) ? value : Math.sign(value) * Number.MAX_SAFE_INTEGER;
}

/** One row as an event, or the reason it is not one ("column: message"). */
export function agencyEventOfRow(
  header: readonly string[],
  cells: readonly string[],
): { event: AgencyEvent } | { problem: string } {
  if (cells.length !== header.length)
    return { problem: `The row has ${cells.length} cells; the header has ${header.length}.` };
  const values = new Map<string, string>();
  for (const [i, name] of header.entries()) {
    const cell = (cells[i] ?? '').trim();
    if (!isPlainText(cell)) return { problem: `${name}: Must not contain control characters.` };
    if (cell !== '') values.set(name, cell);
  }
  for (const name of ENVELOPE) if (!values.has(name)) return { problem: `${name}: Required.` };
  const type = values.get('type')!;
  if (!isEventType(type)) return { problem: `type: Must be one of ${AGENCY_EVENT_TYPES.join(', ')}.` };
  const allowed = AGENCY_EVENTS_FILE_DATA_COLUMNS[type];
  const data: Record<string, string | number> = {};
  for (const [name, cell] of values) {
    if (ENVELOPE.includes(name)) continue;
    if (!allowed.includes(name))
      return { problem: `${name}: Not a field of ${type} events; leave it empty.` };
    data[name] = NUMBER_COLUMNS.has(name) ? numberCell(cell) : cell;
  }
  const parsed = agencyEventSchema.safeParse({
    id: values.get('id'),
    applicationId: values.get('applicationId'),
    occurredAt: values.get('occurredAt'),
    type,
    data,
  });
  // The file has no `data.` level: a problem is named by its column.
  if (!parsed.success) return { problem: agencyEventProblem(parsed.error).replace(/^data\./, '') };
  return { event: parsed.data };
}

const REFUSED_BY_RECORDER: Record<
  Exclude<AgencyEventOutcome['status'], 'applied' | 'alreadyApplied'>,
  string
> = {
  conflict: 'id: This event id was already used for another event.',
  unknownPlan: 'applicationId: No plan has this application id.',
  unknownOffer: 'offerId: This plan has no creditor with this offer id.',
};

/**
 * The ledger's one recorder (application/agency-ledger.ts) as the import is given it: each row in its own
 * transaction, so a row refused by the ledger does not undo the rows before it, and each row's emails are
 * announced once that row is committed.
 */
export type RecordAgencyEvent = (event: AgencyEvent, source: string) => Promise<AgencyEventOutcome>;

/**
 * Records one event in a unit of work, for every way in that runs on units (the signed API, the upload): the
 * alerts' emails go to the unit's outbox, announced once it commits.
 */
export async function recordAgencyEventInUnit(
  unit: Unit,
  config: Pick<Config, 'publicUrl' | 'agencyPostingWindowDays'>,
  event: AgencyEvent,
  source: string,
): Promise<AgencyEventOutcome> {
  const notices = {
    cipher: unit.cipher,
    publicUrl: config.publicUrl,
    postingWindowDays: config.agencyPostingWindowDays,
  };
  const { outcome, emailIds } = await recordAgencyEventIn(unit.tx, event, source, notices);
  unit.outbox.adopt({ emailIds });
  return outcome;
}

/**
 * Reads a file of the agency's events and records each good row through the ledger's one recorder, with the
 * source `file:<file name>:<row>`. The report lists every row with an event; it holds ids and reasons only.
 */
export async function importAgencyEventsFile(o: {
  /** Records one event, in a transaction of its own (a unit of work per row from the upload). */
  record: RecordAgencyEvent;
  fileName: string;
  content: string;
}): Promise<AgencyEventsFileReport> {
  const { header, rows } = readAgencyEventsFile(o.content);
  const report: AgencyEventsFileReport = {
    fileName: o.fileName,
    rows: rows.length,
    applied: 0,
    alreadyKnown: 0,
    refused: 0,
    results: [],
  };
  for (const { row, cells } of rows) {
    const idCell = cells[header.indexOf('id')]?.trim();
    const eventId = idCell && isPlainText(idCell) && idCell.length <= 100 ? idCell : null;
    const read = agencyEventOfRow(header, cells);
    if ('problem' in read) {
      report.refused++;
      report.results.push({ row, eventId, outcome: 'refused', reason: read.problem });
      continue;
    }
    const outcome = await o.record(read.event, `file:${o.fileName}:${row}`);
    if (outcome.status === 'applied') {
      report.applied++;
      report.results.push({ row, eventId: read.event.id, outcome: 'applied', reason: null });
    } else if (outcome.status === 'alreadyApplied') {
      report.alreadyKnown++;
      report.results.push({ row, eventId: read.event.id, outcome: 'alreadyKnown', reason: null });
    } else {
      report.refused++;
      report.results.push({
        row,
        eventId: read.event.id,
        outcome: 'refused',
        reason: REFUSED_BY_RECORDER[outcome.status],
      });
    }
  }
  return report;
}

/** The report as the command prints it: the counts, then one line per row that was not recorded now. */
export function formatAgencyEventsFileReport(report: AgencyEventsFileReport): string {
  const lines = [
    `${report.fileName}: ${report.rows} ${report.rows === 1 ? 'event' : 'events'}, ` +
      `${report.applied} applied, ${report.alreadyKnown} skipped as already known, ${report.refused} refused`,
  ];
  for (const r of report.results) {
    if (r.outcome === 'alreadyKnown') lines.push(`row ${r.row}: skipped, already known (${r.eventId})`);
    if (r.outcome === 'refused') lines.push(`row ${r.row}: refused: ${r.reason}`);
  }
  return lines.join('\n');
}

export const AGENCY_EVENTS_IMPORT_USAGE = 'Usage: npm run agency-events:import -- path/to/file.csv';

/**
 * `npm run agency-events:import -- FILE`: the file read from disk (its size checked before it is read, its text
 * as UTF-8) and imported as an upload would be. Throws a ValidationError for a file that cannot be imported.
 */
export async function agencyEventsImportCommand(o: {
  record: RecordAgencyEvent;
  file: string;
}): Promise<AgencyEventsFileReport> {
  const fileName = path.basename(o.file);
  if (!isPlainText(fileName) || fileName.length > AGENCY_EVENTS_FILE_NAME_MAX)
    refuseFile(
      `The file's name must be at most ${AGENCY_EVENTS_FILE_NAME_MAX} characters, without control characters.`,
    );
  const info = await stat(o.file).catch(() => refuseFile(`No file at ${o.file}.`));
  if (!info.isFile()) refuseFile(`${o.file} is not a file.`);
  if (info.size > AGENCY_EVENTS_FILE_MAX_BYTES) refuseFile(AGENCY_EVENTS_FILE_TOO_LARGE);
  let content: string;
  try {
    content = new TextDecoder('utf-8', { fatal: true }).decode(await readFile(o.file));
  } catch {
    return refuseFile('The file is not UTF-8 text.');
  }
  return importAgencyEventsFile({ record: o.record, fileName, content });
}
