import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MESSAGES_BY_ID } from '../../src/domain/i18n/message';
import { issueMessageRef } from '../../src/domain/validation/issue-messages';

// Every message a schema of src/domain gives must travel with its id, or a page in Spanish shows it in English
// (the web shows a message without an id as it came). This walks every exported schema of the folders that
// hold what a borrower, a visitor or the staff send (src/domain/validation, src/domain/enrollment,
// src/domain/flow, src/domain/service-portal) with the bad input a form can send (nothing, each field blank,
// each field of the wrong type) and lists the schemas that still give a message without one. That list may
// only shrink: a schema that gives ids for all its messages leaves it, and a new schema cannot join it.
// The staff's schemas (the service portal stays in English) are here too: a staff form's labels are English
// text, with no message to point at.
//
// Not walked: what a program sends, which no person types and no page shows a message of. That is the answers'
// view schemas (a name ending in ViewSchema: the shape of what our server answers, held to it on the way out,
// so a refusal there is our own mistake, logged, never a reader's) and the payloads a vendor's server posts to
// a webhook (a file named *-webhook.ts: the vendor reads our 400, not a person). Also not walked, by name: the
// parts of those answers and the values we store that are declared as schemas of their own (NOT_SENT).
const STILL_WITHOUT_IDS: readonly string[] = [
  'validation/agency-events-file.agencyEventsFileReportSchema',
  'validation/agency-events-file.agencyEventsFileUploadSchema',
  'validation/concessions.creditorDetailSchema',
  'validation/concessions.creditorIdParams',
  'validation/concessions.creditorListItemSchema',
  'validation/concessions.creditorListSchema',
  'validation/concessions.creditorSearchSchema',
  'validation/concessions.programmeRevisionSchema',
  'validation/counselling-staff.agencyDayOffSchema',
  'validation/counselling-staff.agencyDayParamsSchema',
  'validation/counselling-staff.callOutcomeSchema',
  'validation/counselling-staff.todaysCallsQuerySchema',
  'validation/counselling.counsellorAvailabilitySchema',
  'validation/counselling.timeOffSchema',
  'validation/creditor-details.creditorDetailsSchema',
  'validation/proposals.markMailedSchema',
  'validation/proposals.overdueProposalsQuerySchema',
  'validation/proposals.proposalBatchDayParams',
  'validation/staff.approveLongPlanSchema',
  'validation/staff.contactAttemptReasonKeySchema',
  'validation/staff.contactAttemptReasonSchema',
  'validation/staff.contactAttemptSchema',
  'validation/staff.creditorAccountSchema',
  'validation/staff.markTransferredSchema',
  'validation/staff.offerDeclineReasonSchema',
  'validation/staff.offerStatusSchema',
  'validation/staff.qualityControlSchema',
  'validation/staff.staffApplicationResultSchema',
  'validation/staff.toggleOfferReasonSchema',
  // The staff's: the agency's events file and the service portal's queries.
  'enrollment/agency-events.agencyEventSchema',
  'enrollment/agency-events.returnCodeSchema',
  'service-portal/date-range.queryDateSchema',
  'service-portal/filters.claimBodySchema',
  'service-portal/filters.contactSummaryQuerySchema',
  'service-portal/filters.queueQuerySchema',
  'service-portal/filters.summaryQuerySchema',
  'service-portal/filters.unclaimBodySchema',
];

/**
 * Schemas that are no request's body: parts of the answers' views (a page's name, an application's status, a
 * staff list's row) and a stored value's shape. What they refuse is our own mistake, never a reader's.
 */
const NOT_SENT: readonly string[] = [
  'enrollment/views.bankHistoryStatusSchema',
  'flow/pages.pageSchema',
  'flow/staff-views.creditorRemittanceSchema',
  'flow/staff-views.queueTileAlertsSchema',
  'flow/staff-views.repInfoSchema',
  'flow/staff-views.staffMemberSchema',
  'flow/statuses.applicationStatusSchema',
];

const domain = path.resolve(import.meta.dirname, '../../src/domain');
const files = ['validation', 'enrollment', 'flow', 'service-portal'].flatMap((folder) =>
  readdirSync(path.join(domain, folder))
    .filter((file) => /\.ts$/.test(file) && !/\.test\.ts$/.test(file) && !/-webhook\.ts$/.test(file))
    .map((file) => `${folder}/${file}`),
);
const isWalked = (name: string): boolean => !name.endsWith('ViewSchema') && !NOT_SENT.includes(name);

const isSchema = (value: unknown): value is z.ZodType =>
  typeof value === 'object' && value !== null && '_zod' in value && 'safeParse' in value;

/** The fields of an object schema, through the wrappers a schema may have around it. */
function shapeOf(schema: z.ZodType): Record<string, unknown> | undefined {
  let current: unknown = schema;
  for (let depth = 0; depth < 10; depth++) {
    const def = (current as { _zod: { def: Record<string, unknown> } })._zod.def;
    if (def['type'] === 'object') return def['shape'] as Record<string, unknown>;
    current = def['in'] ?? def['innerType'] ?? def['schema'];
    if (!isSchema(current)) return undefined;
  }
  return undefined;
}

function badInputs(schema: z.ZodType): unknown[] {
  const shape = shapeOf(schema);
  if (!shape) return ['', 12345, undefined];
  const keys = Object.keys(shape);
  const blank = Object.fromEntries(keys.map((key) => [key, '']));
  return [
    {},
    blank,
    ...keys.map((key) => ({ ...blank, [key]: 12345 })),
    ...keys.map((key) => ({ ...blank, [key]: { not: 'a value' } })),
  ];
}

async function issuesWithoutIds(schema: z.ZodType): Promise<string[]> {
  const found = new Set<string>();
  for (const input of badInputs(schema)) {
    const parsed = await schema.safeParseAsync(input);
    if (parsed.success) continue;
    for (const issue of parsed.error.issues) {
      // A key the form does not have is refused by a strict schema: no person typed it, no page shows it.
      if (issue.code === 'unrecognized_keys') continue;
      const ref = issueMessageRef(issue);
      if (!ref || !MESSAGES_BY_ID.has(ref.id)) found.add(`${issue.path.join('.')}: ${issue.message}`);
    }
  }
  return [...found];
}

describe('every message of the schemas travels with its id', async () => {
  const schemas: [string, z.ZodType][] = [];
  for (const file of files) {
    const exported = (await import(path.join(domain, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(exported)) {
      const fullName = `${file.replace(/\.ts$/, '')}.${name}`;
      if (isSchema(value) && isWalked(fullName)) schemas.push([fullName, value]);
    }
  }

  it('finds the schemas', () => {
    expect(schemas.length).toBeGreaterThan(20);
    // The customer portal's and the payment pages' schemas live beside their views, not in validation/.
    expect(schemas.map(([name]) => name)).toEqual(
      expect.arrayContaining([
        'enrollment/settings.textMessagesSettingSchema',
        'enrollment/views.reauthorizeSchema',
      ]),
    );
  });

  it('lists exactly the schemas that still give a message without its id', async () => {
    const without: Record<string, string[]> = {};
    for (const [name, schema] of schemas) {
      const issues = await issuesWithoutIds(schema);
      if (issues.length > 0) without[name] = issues;
    }
    if (process.env['SHOW_SCHEMAS_WITHOUT_IDS']) console.log(JSON.stringify(without, null, 1));
    expect(Object.keys(without).sort()).toEqual([...STILL_WITHOUT_IDS].sort());
  });
});
