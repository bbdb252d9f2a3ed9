import { LETTER_TEXT_VERSIONS } from '#domain/enrollment/letter-of-authorization';
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import * as schema from '#server/db/schema/index';

// Which tables the bulk seed copies, and how each column of a copy is made. Everything structural (columns,
// primary keys, foreign keys, the order of the inserts) is read from the Drizzle tables, so a new column is
// copied without a change here; a new TABLE must be classified below, or the bulk seed refuses to run.

/** How a copied column gets its value; see bulk-sql.ts for the SQL of each. */
export type ColumnKind =
  /** The row's own id: a new id made from the copy and the row's key. */
  | 'id'
  /** Points at another row: a copied row's new id when it points at a template row, else kept (staff, benchmarks). */
  | 'ref'
  /** Moved by the copy's time shift. */
  | 'time'
  /** A calendar date, moved by the copy's shift in whole days. */
  | 'date'
  /** A plan's draft date: moved by the copy's shift in whole months, so it stays on the plan's draft day. */
  | 'draft-date'
  /** JSON naming rows by id (alert triggers, audit values): each template id in it is replaced. */
  | 'json-ref'
  /** A provider's reference (unique in the schema): its random ending is replaced, its length kept. */
  | 'token'
  /** The copy's own person: names, email, phone (see VARIED). */
  | 'varied'
  | 'plain';

export type CopiedColumn = {
  name: string;
  kind: ColumnKind;
  /** The column is text (user ids are text), so a new id is written as text. */
  isText: boolean;
  /** For 'ref': the table pointed at. */
  target?: string;
  /** For 'varied': the copy's value, as SQL over the template row `s` and the copy `c`. */
  expression?: string;
  /** Part of the order that numbers a template's rows (see bulk-templates.ts). */
  sortable: boolean;
};

export type CopiedTable = {
  name: string;
  columns: CopiedColumn[];
  /** The column through which a row belongs to an application (null for application and user). */
  parent: string | null;
  /** Bank transactions are kept only for the enrolled share (see ENROLLED_STATUSES). */
  enrolledOnly: boolean;
  /**
   * Bank history (see BANK_HISTORY_DAYS): the column that dates a row, whose copy is kept only when its
   * moved date falls within the last months before the run, or when a copied row needs it (bulk-templates.ts,
   * markKept). Null: every row is copied.
   */
  recentBy: string | null;
  /** Rows always kept: the newest of each parent (an account's newest balance, which the screens show). */
  keepsNewest: boolean;
  /** JSON ref columns emptied on copies outside the enrolled share (they list transactions). */
  emptiedUnlessEnrolled: readonly string[];
  /**
   * JSON ref columns listing bank rows (the transactions an income snapshot counted) that a copy keeps only
   * while the row holding the list is within the bank history, dated by its created_at: an older copy's list
   * is empty, and the bank rows it named are kept only where something else needs them.
   */
  listsWithinHistory: readonly string[];
};

type Decision = { copy: true } | { copy: false; why: string };
const COPY: Decision = { copy: true };
const skip = (why: string): Decision => ({ copy: false, why });

/**
 * Every table of src/server/db/schema, copied or not. Copied: what belongs to an application or to its owner.
 * Not copied: sign-in state, one-off codes, counters and delivery queues (a copy is a record, not traffic),
 * reference data and staff-only rows, which copies point at as they are.
 */
export const TABLE_DECISIONS: Readonly<Record<string, Decision>> = {
  // auth.ts
  user: COPY, // only the templates' owners (borrowers); staff users are shared, never copied
  session: skip('sign-in state: copied borrowers are not signed in'),
  account: skip('credentials: seeded borrowers have no password, and copies neither'),
  verification: skip('one-off codes'),
  two_factor: skip('staff only (authenticator apps)'),
  user_group: skip('staff only (group membership)'),
  password_reset_request: skip('rate-limit record, not part of an application'),
  sign_in_failure: skip('lockout counters'),
  email_change: skip('one-off codes'),
  // ops.ts
  email_outbox: skip(
    'delivery queue: a copy must never send, and no screen lists the outbox per application',
  ),
  sms_outbox: skip('delivery queue: a copy must never text, and no screen lists the outbox per application'),
  audit_log: COPY, // the borrower summary shows the history; rows are tied by application_id
  idempotency_key: skip('replay protection of requests'),
  e_signature_sandbox_envelope: skip("the sandbox provider's own store, not the application's record"),
  webhook_event: skip('replay protection of webhooks'),
  rate_limit_counter: skip('rate-limit counters'),
  job_worker: skip("the running server instances' heartbeats"),
  job_lease: skip('which instance runs which queued job'),
  job_handover: skip('what was handed to the job queue: a copy must never be queued'),
  // application.ts
  application: COPY,
  borrower: COPY,
  spouse: COPY,
  hardship: COPY,
  spouse_credit_consent: COPY,
  spouse_consent_link: skip('single-use links emailed to a spouse, expired long ago on a copy'),
  application_status_change: COPY,
  // credit.ts
  credit_report: COPY,
  inquiry: COPY,
  risk_score: COPY,
  debt: COPY,
  collection: COPY,
  creditor_account: COPY,
  debt_score: COPY,
  // budget.ts
  expense_benchmark: skip('reference data: copies point at the same benchmarks'),
  // creditors.ts
  creditor: skip('reference data the agency maintains: copies point at the same creditors'),
  concession_programme: skip('reference data: copies name the same programme versions'),
  creditor_details_change: skip('history of the reference data: one per change, not per borrower'),
  expense: COPY,
  budget: COPY,
  budget_expense: COPY,
  // decision.ts
  decision: COPY,
  disqualification_reason: COPY,
  offer: COPY,
  offer_disqualification_reason: COPY,
  offer_status_change: COPY,
  // proposal.ts
  proposal: skip("each names a sealed document of the template's borrower, which a copy must not point at"),
  proposal_batch: skip("one per agency day, of the day's real proposals, not per borrower"),
  // service-work.ts
  alert: COPY,
  contact_attempt: COPY,
  contact_attempt_reason: COPY,
  // enrollment.ts
  dmp_enrollment: COPY,
  plan_authorization: COPY,
  plan_change_notice: COPY,
  docusign: COPY,
  docusign_signer: COPY,
  bank_link_token: skip('short-lived bank-link sessions, expired long ago on a copy'),
  income_snapshot: COPY,
  plaid_item: COPY,
  plaid_account: COPY,
  plaid_balance: COPY,
  plaid_transaction: COPY, // only for the enrolled share
  payment_account: COPY,
  // counselling.ts
  counsellor: skip('staff only (who takes counselling calls)'),
  counsellor_weekly_hours: skip("staff only (a counsellor's hours)"),
  counsellor_time_off: skip("staff only (a counsellor's time away)"),
  counselling_call: skip(
    "booked by a person, with or without an application: a copy would fill counsellors' calendars with calls nobody made",
  ),
  counselling_call_notice: skip('the emails sent about counselling calls, which are not copied'),
  agency_day_off: skip("the agency's own days off: set by its staff"),
  // documents/database-store: the sealed documents a live application makes (proposals) are made again, not copied
  stored_document: skip('sealed documents (proposals), made by the live path for the seeded applications'),
  // counselling-reminders.ts
  counselling_call_reminder: skip('the reminders sent for a counselling call, which is not copied'),
  // agency-events.ts
  agency_event: skip(
    "the agency's own record of a plan: its bodies name the template's application and offers by id, so a copy would carry another plan's ids; the bulk seed's templates are made without them (seedApplications' agencyLedgers), and npm run seed's handed-over plans have theirs (seed/agency-ledger.ts), enough to see every page and queue filter",
  ),
  agency_open_payment: skip(
    "an index of agency_event's open payments, kept by its recorder: not copied with it",
  ),
};

/** Statuses from signContract onward (enrolled or enrolling): their bank transactions are kept. */
export const ENROLLED_STATUSES: readonly string[] = [
  'signContract',
  'counselorReview',
  'creditorReview',
  'transfer',
  'transferred',
];

/**
 * Days of bank history a copy keeps: six months, as an agency would keep of its borrowers' transactions and
 * daily balances. The templates read their banks every day for up to two years, and copying all of it
 * doubled the database of a million applications. Days, not calendar months, so which rows a copy keeps is
 * the same whenever the seed runs. An income snapshot older than that keeps its figures, not the list of the
 * transactions it counted (decision 0072).
 */
export const BANK_HISTORY_DAYS = 183;

/** The column that dates a bank row, for tables whose copies keep only recent history. */
const RECENT_BY: Readonly<Record<string, string>> = {
  plaid_transaction: 'date',
  plaid_balance: 'created_at',
};

/**
 * Dates that fall on the plan's day of the month (its draft day, stored beside them): a copy moved by whole
 * days would draw on another day than the one it names.
 */
const DRAFT_DATES: Readonly<Record<string, readonly string[]>> = {
  plan_authorization: ['first_draft_date'],
  dmp_enrollment: ['first_payment_date'],
};

/** The copy's own person. `c` is the copy (bulk-copies.ts), `s` the template row. */
const VARIED: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  user: {
    email: 'c.email',
    name: 'c.full_name',
    first_name: 'c.first_name',
    last_name: 'c.last_name',
    phone_number: 'c.phone',
  },
  borrower: {
    first_name: 'c.first_name',
    last_name: 'c.last_name',
    email: 'c.email',
    phone_number: 'case when s.phone_number is null then null else c.phone end',
    partner_crm_id: 'case when s.partner_crm_id is null then null else c.crm_id end',
    // One copy in eight prefers Spanish (the live seed's share, SPANISH_SHARE_OF_8), chosen by bits of the
    // copy's salt: computed in the same statement as the copy, no extra column or pass. Bits 40 to 42 of
    // the salt, as its low bits repeat with the copy's index and so with its template.
    preferred_language: "case when (c.salt_lo >> 40) & 7 = 0 then 'es' end",
  },
  spouse: {
    first_name: 'c.spouse_first_name',
    last_name: 'c.spouse_last_name',
    email: 'case when s.email is null then null else c.spouse_email end',
    phone_number: 'case when s.phone_number is null then null else c.spouse_phone end',
  },
  // The letter is written in the copy's language (the same bits as its borrower's preferred_language above).
  docusign: {
    letter_language:
      "case when s.letter_language is null then null when (c.salt_lo >> 40) & 7 = 0 then 'es' else 'en' end",
    letter_text_version: `case when s.letter_text_version is null then null when (c.salt_lo >> 40) & 7 = 0 then '${LETTER_TEXT_VERSIONS.es}' else '${LETTER_TEXT_VERSIONS.en}' end`,
  },
  // A copy has no proposal of its own (the proposal table is skipped): its offers name no document.
  offer: { proposal_s3_key: 'null' },
  // The spouse's consent names the copy's spouse, as the spouse row does.
  spouse_credit_consent: { typed_name: 'c.spouse_full_name' },
  docusign_signer: {
    name: "case when s.role = 'spouse' then c.spouse_full_name else c.full_name end",
    email: "case when s.role = 'spouse' then coalesce(c.spouse_email, s.email) else c.email end",
  },
};

/** Ids stored without a foreign key: mapped like one when they name a template row. */
const SOFT_REFS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  audit_log: { application_id: 'application', entity_id: '*', actor_id: 'user' },
};

/** JSON columns that name rows by id. */
const JSON_REFS: Readonly<Record<string, readonly string[]>> = {
  alert: ['triggered_by'],
  audit_log: ['before', 'after'],
  income_snapshot: ['income_transaction_ids'],
};

/**
 * Values of the copy's person that JSON repeats (the audit of 'mark transferred' names the CRM id): replaced
 * by the copy's own, so the history agrees with the borrower.
 */
export const JSON_VARIED: readonly { pattern: RegExp; copyColumn: string }[] = [
  { pattern: /CRM-\d{8}/g, copyColumn: 'crm_id' },
];

/** Provider references, unique in the schema: a copy's has its own ending (see bulk-sql.ts). */
const TOKENS: Readonly<Record<string, readonly string[]>> = {
  docusign: ['envelope_id'],
  plaid_item: ['provider_item_id'],
  plaid_account: ['provider_account_id'],
  plaid_transaction: ['provider_transaction_id'],
};

/**
 * Columns whose values differ from one run to the next for the same seed (ciphertext with a random IV, random
 * storage keys, memos quoting a random id): left out of the order that numbers a template's rows, so that
 * order, and with it every copied id, is the same on every run.
 */
const UNORDERED = new Set([
  'date_of_birth',
  'account_number',
  'routing_number',
  'access_token',
  's3_key',
  'proposal_s3_key',
  'memo',
  'signed_document',
  'signed_document_sha256',
  'addendum_document',
  'transactions_cursor',
  'partner_crm_id',
]);

const ROOT_TABLES = new Set(['application', 'user']);

/** Every table of the schema, by its SQL name. */
function schemaTables(): Map<string, PgTable> {
  const tables = new Map<string, PgTable>();
  for (const value of Object.values(schema)) {
    if (is(value, PgTable)) tables.set(getTableConfig(value).name, value);
  }
  return tables;
}

/** Tables of the schema nobody classified, and classified names that are no longer tables. */
export function unclassifiedTables(): { missing: string[]; stale: string[] } {
  const names = [...schemaTables().keys()];
  return {
    missing: names.filter((n) => !(n in TABLE_DECISIONS)),
    stale: Object.keys(TABLE_DECISIONS).filter((n) => !names.includes(n)),
  };
}

function describeTable(table: PgTable, copied: ReadonlySet<string>): CopiedTable {
  const config = getTableConfig(table);
  const name = config.name;
  const refs = new Map<string, string>();
  for (const fk of config.foreignKeys) {
    const reference = fk.reference();
    const target = getTableConfig(reference.foreignTable).name;
    const [column] = reference.columns;
    if (reference.columns.length === 1 && column && copied.has(target)) refs.set(column.name, target);
  }
  for (const [column, target] of Object.entries(SOFT_REFS[name] ?? {})) refs.set(column, target);
  const primary = config.columns.filter((c) => c.primary);
  if (primary.length !== 1) throw new Error(`bulk seed: ${name} needs a one-column primary key to be copied`);

  const columns = config.columns.map((c): CopiedColumn => {
    const isText = c.columnType === 'PgText';
    const base = { name: c.name, isText };
    if (c.primary) return { ...base, kind: 'id', sortable: false };
    const varied = VARIED[name]?.[c.name];
    if (varied) return { ...base, kind: 'varied', expression: varied, sortable: false };
    const target = refs.get(c.name);
    if (target) return { ...base, kind: 'ref', target, sortable: false };
    if (JSON_REFS[name]?.includes(c.name)) return { ...base, kind: 'json-ref', sortable: false };
    if (TOKENS[name]?.includes(c.name)) return { ...base, kind: 'token', sortable: false };
    if (c.columnType === 'PgTimestamp') return { ...base, kind: 'time', sortable: c.name === 'created_at' };
    if (c.columnType === 'PgDateString' || c.columnType === 'PgDate')
      return { ...base, kind: DRAFT_DATES[name]?.includes(c.name) ? 'draft-date' : 'date', sortable: true };
    const sortable = !UNORDERED.has(c.name) && c.columnType !== 'PgJsonb';
    return { ...base, kind: 'plain', sortable };
  });
  // A row belongs to the application it names, else to the copied row it hangs from.
  const parent = ROOT_TABLES.has(name)
    ? null
    : ([...refs].find(([, target]) => target === 'application')?.[0] ??
      [...refs].find(([, target]) => target !== 'user' && target !== '*')?.[0] ??
      null);
  if (!ROOT_TABLES.has(name) && !parent)
    throw new Error(`bulk seed: ${name} does not hang off an application`);
  return {
    name,
    columns,
    parent,
    enrolledOnly: name === 'plaid_transaction',
    recentBy: RECENT_BY[name] ?? null,
    keepsNewest: name === 'plaid_balance',
    emptiedUnlessEnrolled: name === 'income_snapshot' ? ['income_transaction_ids'] : [],
    listsWithinHistory: name === 'income_snapshot' ? ['income_transaction_ids'] : [],
  };
}

/**
 * The copied tables in foreign-key order (a table after every table it points at), described from the schema.
 * Refuses to run while a table of the schema is unclassified.
 */
export function copiedTables(): CopiedTable[] {
  const { missing, stale } = unclassifiedTables();
  if (missing.length > 0 || stale.length > 0) {
    throw new Error(
      `bulk seed: classify every table in bulk-tables.ts (copy or skip); unclassified: ${missing.join(', ') || 'none'}; no longer in the schema: ${stale.join(', ') || 'none'}`,
    );
  }
  const tables = schemaTables();
  const copied = new Set(Object.keys(TABLE_DECISIONS).filter((n) => TABLE_DECISIONS[n]!.copy));
  const described = new Map([...copied].map((n) => [n, describeTable(tables.get(n)!, copied)] as const));
  const ordered: CopiedTable[] = [];
  const placed = new Set<string>();
  while (ordered.length < described.size) {
    // A reference to any table ('*', the audit's entity) comes after every other table.
    const rest = [...described.values()].filter((t) => !placed.has(t.name));
    const pointsAtAny = (t: CopiedTable) => t.columns.some((c) => c.target === '*');
    const ready = rest.filter(
      (t) =>
        t.columns.every(
          (c) => c.kind !== 'ref' || c.target === '*' || c.target === t.name || placed.has(c.target!),
        ) &&
        (!pointsAtAny(t) || rest.every((other) => other === t || pointsAtAny(other))),
    );
    if (ready.length === 0) throw new Error('bulk seed: the copied tables point at each other in a cycle');
    for (const t of ready.sort((a, b) => a.name.localeCompare(b.name))) {
      ordered.push(t);
      placed.add(t.name);
    }
  }
  return ordered;
}
