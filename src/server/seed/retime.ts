import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';

// Seeded applications are made in seconds; a demo needs them spread over the last 30 days. Afterwards every
// timestamp of an application (its rows and its owner's) is mapped linearly from the seconds it was made in
// onto its planned span, so the order of events is kept: created, then pages, decision, claims, answers.

export type Timing = {
  applicationId: string;
  ownerId: string;
  /** When the seed started and finished making the application. */
  madeFrom: Date;
  madeTo: Date;
  /** The span it is moved to: created at `start`, last touched at `end`. */
  start: Date;
  end: Date;
};

type TableTimes = {
  table: string;
  columns: readonly string[];
  /** How a row reaches its application: its own application_id, or through a parent table. */
  via?: { parent: string; key: string };
  dates?: readonly string[];
};

const STAMPS = ['created_at', 'updated_at'] as const;
const CREATED = ['created_at'] as const;

/** Every table that belongs to an application, with its timestamp columns. */
const TABLES: readonly TableTimes[] = [
  { table: 'borrower', columns: STAMPS },
  { table: 'spouse', columns: STAMPS },
  { table: 'hardship', columns: STAMPS },
  { table: 'alert', columns: STAMPS },
  { table: 'credit_report', columns: STAMPS },
  { table: 'debt', columns: STAMPS },
  { table: 'collection', columns: STAMPS },
  { table: 'creditor_account', columns: STAMPS },
  { table: 'debt_score', columns: CREATED },
  { table: 'expense', columns: STAMPS },
  { table: 'budget', columns: STAMPS },
  { table: 'contact_attempt', columns: STAMPS },
  { table: 'decision', columns: STAMPS },
  { table: 'disqualification_reason', columns: CREATED },
  { table: 'offer', columns: STAMPS },
  { table: 'application_status_change', columns: CREATED },
  { table: 'dmp_enrollment', columns: STAMPS },
  { table: 'plan_authorization', columns: CREATED },
  { table: 'docusign', columns: [...STAMPS, 'document_generated_at', 'document_signed_at'] },
  { table: 'income_snapshot', columns: STAMPS },
  { table: 'plaid_item', columns: STAMPS },
  { table: 'payment_account', columns: STAMPS },
  { table: 'sms_outbox', columns: [...CREATED, 'sent_at'] },
  { table: 'audit_log', columns: CREATED },
  { table: 'offer_status_change', columns: CREATED, via: { parent: 'offer', key: 'offer_id' } },
  { table: 'offer_disqualification_reason', columns: CREATED, via: { parent: 'offer', key: 'offer_id' } },
  {
    table: 'contact_attempt_reason',
    columns: CREATED,
    via: { parent: 'contact_attempt', key: 'contact_attempt_id' },
  },
  { table: 'budget_expense', columns: CREATED, via: { parent: 'budget', key: 'budget_id' } },
  { table: 'risk_score', columns: CREATED, via: { parent: 'credit_report', key: 'credit_report_id' } },
  {
    table: 'inquiry',
    columns: CREATED,
    via: { parent: 'credit_report', key: 'credit_report_id' },
    dates: ['date'],
  },
  { table: 'plaid_account', columns: STAMPS, via: { parent: 'plaid_item', key: 'plaid_item_id' } },
];

/** Bank rows hang two levels below the application: balance/transaction → account → item. */
const BANK_TABLES: readonly TableTimes[] = [
  { table: 'plaid_balance', columns: CREATED },
  // Transaction dates are not moved: the seed connects each bank at its planned moment, so the sandbox
  // already dated them in the planned history (and the monitors read on from there).
  { table: 'plaid_transaction', columns: CREATED },
];

const mapped = (column: string) =>
  sql.raw(`"${column}" = m.start_at + (t."${column}" - m.made_from) * m.factor`);
const shiftedDate = (column: string) =>
  sql.raw(`"${column}" = t."${column}" - floor(extract(epoch from (m.made_from - m.start_at)) / 86400)::int`);

function setList(t: TableTimes): SQL {
  return sql.join([...t.columns.map(mapped), ...(t.dates ?? []).map(shiftedDate)], sql`, `);
}

/** Moves the timestamps of a batch of applications onto their planned spans, one statement per table. */
export async function retime(db: Db, timings: readonly Timing[]): Promise<void> {
  if (timings.length === 0) return;
  const values = sql.join(
    timings.map((x) => {
      const made = Math.max(1, x.madeTo.getTime() - x.madeFrom.getTime());
      const factor = (x.end.getTime() - x.start.getTime()) / made;
      return sql`(${x.applicationId}::uuid, ${x.ownerId}::text, ${x.madeFrom.toISOString()}::timestamptz, ${x.start.toISOString()}::timestamptz, ${factor}::float8)`;
    }),
    sql`, `,
  );
  const m = sql`(values ${values}) as m(id, owner, made_from, start_at, factor)`;
  await db.transaction(async (tx) => {
    const exec = (statement: SQL) => tx.execute(statement);
    await exec(
      sql`update "application" t set ${sql.join(['created_at', 'updated_at', 'assigned_to_at'].map(mapped), sql`, `)} from ${m} where t.id = m.id`,
    );
    await exec(
      sql`update "user" t set ${sql.join(STAMPS.map(mapped), sql`, `)} from ${m} where t.id = m.owner`,
    );
    for (const table of TABLES) {
      const target = sql.raw(`"${table.table}" t`);
      if (!table.via) {
        await exec(sql`update ${target} set ${setList(table)} from ${m} where t.application_id = m.id`);
      } else {
        const parent = sql.raw(`"${table.via.parent}" p`);
        const key = sql.raw(`t."${table.via.key}"`);
        await exec(
          sql`update ${target} set ${setList(table)} from ${m}, ${parent} where ${key} = p.id and p.application_id = m.id`,
        );
      }
    }
    for (const table of BANK_TABLES) {
      const target = sql.raw(`"${table.table}" t`);
      await exec(
        sql`update ${target} set ${setList(table)} from ${m}, "plaid_account" a, "plaid_item" i where t.plaid_account_id = a.id and a.plaid_item_id = i.id and i.application_id = m.id`,
      );
    }
    // The enrolment's signing date follows the envelope's.
    await exec(
      sql`update "dmp_enrollment" t set date_signed = d.document_signed_at::date from ${m}, "docusign" d where t.application_id = m.id and d.application_id = m.id and d.document_signed_at is not null`,
    );
  });
}

/**
 * Puts each seeded bank connection's rows (the item, its accounts, the first balances and transactions, the
 * income snapshot made from them) at the moment the seed connected it, the sandbox's clock then: the access
 * token was issued at that moment, so the monitors read on from it, whatever share of the making time the
 * connection happened to take.
 */
export async function pinBankConnections(
  db: Db,
  connections: readonly { applicationId: string; at: Date }[],
): Promise<void> {
  for (let k = 0; k < connections.length; k += 500) {
    const chunk = connections.slice(k, k + 500);
    const values = sql.join(
      chunk.map((c) => sql`(${c.applicationId}::uuid, ${c.at.toISOString()}::timestamptz)`),
      sql`, `,
    );
    const m = sql`(values ${values}) as m(id, at)`;
    await db.transaction(async (tx) => {
      await tx.execute(
        sql`update "plaid_item" t set created_at = m.at, updated_at = m.at from ${m} where t.application_id = m.id`,
      );
      await tx.execute(
        sql`update "income_snapshot" t set created_at = m.at, updated_at = m.at from ${m} where t.application_id = m.id`,
      );
      await tx.execute(
        sql`update "plaid_account" t set created_at = m.at, updated_at = m.at from ${m}, "plaid_item" i where t.plaid_item_id = i.id and i.application_id = m.id`,
      );
      for (const table of ['plaid_balance', 'plaid_transaction']) {
        await tx.execute(
          sql`update ${sql.raw(`"${table}"`)} t set created_at = m.at from ${m}, "plaid_account" a, "plaid_item" i where t.plaid_account_id = a.id and a.plaid_item_id = i.id and i.application_id = m.id`,
        );
      }
    });
  }
}
