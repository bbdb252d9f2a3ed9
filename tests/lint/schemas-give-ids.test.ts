import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MESSAGES_BY_ID } from '../../src/domain/i18n/message';
import { issueMessageRef } from '../../src/domain/validation/issue-messages';

// Every message a schema of src/domain/validation gives must travel with its id, or a page in Spanish shows it in
// English. This walks every exported schema with the bad input a form can send (nothing, each field blank,
// each field of the wrong type) and lists the schemas that still give a message without one. That list may
// only shrink: a schema that gives ids for all its messages leaves it, and a new schema cannot join it.
// The staff's schemas (the service portal stays in English) are here too: a staff form's labels are English
// text, with no message to point at.
//
// Not walked: what a program sends, which no person types and no page shows a message of. That is the answers'
// view schemas (a name ending in ViewSchema: the shape of what our server answers, held to it on the way out,
// so a refusal there is our own mistake, logged, never a reader's) and the payloads a vendor's server posts to
// a webhook (a file named *-webhook.ts: the vendor reads our 400, not a person).
const STILL_WITHOUT_IDS: readonly string[] = [
  'agency-events-file.agencyEventsFileReportSchema',
  'agency-events-file.agencyEventsFileUploadSchema',
  'concessions.creditorDetailSchema',
  'concessions.creditorIdParams',
  'concessions.creditorListItemSchema',
  'concessions.creditorListSchema',
  'concessions.creditorSearchSchema',
  'concessions.programmeRevisionSchema',
  'counselling-staff.agencyDayOffSchema',
  'counselling-staff.agencyDayParamsSchema',
  'counselling-staff.callOutcomeSchema',
  'counselling-staff.todaysCallsQuerySchema',
  'counselling.counsellorAvailabilitySchema',
  'counselling.timeOffSchema',
  'creditor-details.creditorDetailsSchema',
  'proposals.markMailedSchema',
  'proposals.overdueProposalsQuerySchema',
  'proposals.proposalBatchDayParams',
  'staff.approveLongPlanSchema',
  'staff.contactAttemptReasonKeySchema',
  'staff.contactAttemptReasonSchema',
  'staff.contactAttemptSchema',
  'staff.creditorAccountSchema',
  'staff.markTransferredSchema',
  'staff.offerDeclineReasonSchema',
  'staff.offerStatusSchema',
  'staff.qualityControlSchema',
  'staff.staffApplicationResultSchema',
  'staff.toggleOfferReasonSchema',
];

const folder = path.resolve(import.meta.dirname, '../../src/domain/validation');
const files = readdirSync(folder).filter(
  (file) => /\.ts$/.test(file) && !/\.test\.ts$/.test(file) && !/-webhook\.ts$/.test(file),
);
const isWalked = (name: string): boolean => !name.endsWith('ViewSchema');

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
    const exported = (await import(path.join(folder, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(exported))
      if (isSchema(value) && isWalked(name)) schemas.push([`${file.replace(/\.ts$/, '')}.${name}`, value]);
  }

  it('finds the schemas', () => {
    expect(schemas.length).toBeGreaterThan(20);
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
