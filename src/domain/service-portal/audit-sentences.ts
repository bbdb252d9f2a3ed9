import { ALERT_TYPE_LABELS, type AlertType } from '../flow/staff-views';
import { isApplicationStatus, type ApplicationStatus } from '../flow/statuses';
import { formatDollars } from '../money/cents';
import { formatLetterDate, ordinal } from '../enrollment/letter-of-authorization';
import {
  PROPOSAL_WITHDRAWAL_REASON_LABELS,
  type ProposalWithdrawalReason,
  silentDefaultNote,
} from '../enrollment/proposal-answers';
import {
  CONTACT_ATTEMPT_REASON_LABELS,
  CONTACT_METHOD_LABELS,
  CONTACT_OUTCOME_LABELS,
  isContactOutcome,
  OFFER_DECLINE_REASON_LABELS,
  QUALITY_CONTROL_ITEM_LABELS,
  QUALITY_CONTROL_ITEMS,
  QUALITY_CONTROL_REASON_LABELS,
  type QualityControlItem,
} from '../validation/staff';

// The borrower summary's history told as sentences a counsellor reads ('Dana Reyes claimed the
// application'), built from what each writer of the audit log puts in its before and after. The log keeps
// the last four digits of creditor account and routing numbers; no sentence repeats them, nor any number or
// date of birth: a sentence says what was done, the record itself stays in the log.

/** What staff did; every staff mutation and every opening of a borrower's record is one of these. */
export const AUDIT_ACTIONS = [
  'viewBorrowerSummary',
  'letterDownloaded',
  /** A creditor's proposal (a PDF naming the borrower, the account and the budget) downloaded by staff. */
  'proposalDownloaded',
  /** The day's batch file of electronic proposals downloaded (the agency's record: no application). */
  'proposalBatchDownloaded',
  /** A proposal printed and mailed to its creditor, marked sent by staff. */
  'proposalMailed',
  /** A proposal waiting for the batch file or the post withdrawn: its offer left the plan (no actor). */
  'proposalWithdrawn',
  'claim',
  'unclaim',
  /** Unclaim of a claim another counsellor held (takeOver: true). */
  'unclaimTakeOver',
  'contactAttempt',
  'offerStatus',
  'creditorAccount',
  'qualityControl',
  /** A supervisor took back a failed quality control: the application is in counsellor review again. */
  'qualityControlReopened',
  'transfer',
  'markTransferred',
  'alertSeen',
  /** A creditor's answer changed the plan the borrower authorized: they were told (the staff member answered). */
  'planChangeAnnounced',
  /** The borrower confirmed a higher amount in the portal (the actor is the borrower). */
  'planReauthorized',
  /** The borrower moved the monthly draft to another day in Settings (the actor is the borrower). */
  'draftDayChanged',
  /** A plan over 60 months approved (its hand-over waited for it). */
  'approveLongPlan',
  /**
   * A new link to sign the Letter of Authorization: emailed to a signer who asked for it from an old link
   * (no account, so no actor), or opened by the borrower from their application (the actor is the borrower).
   */
  'signingLinkSent',
  /** A counselling call marked completed or missed (with the contact attempt logged in the same step, if any). */
  'counsellingCallOutcome',
  /** A day the whole agency is closed, added or removed by a supervisor (no application). */
  'agencyDayOffAdded',
  'agencyDayOffRemoved',
  /** The borrower applied again after a refusal: a new application on the account; this one is kept. */
  'reapplied',
  /**
   * The spouse gave their own consent to the inquiry of their credit file: at the applicant's screen (the actor
   * is the applicant's account) or from the link emailed to them (no account, so no actor).
   */
  'spouseCreditConsentGiven',
  /** The applicant emailed the spouse a link to give their consent (the actor is the borrower). */
  'spouseConsentLinkSent',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** One audit record as the log holds it (the action a plain string: the log may hold retired ones). */
export type AuditRecord = {
  action: string;
  entityType: string;
  entityId: string;
  before: unknown;
  after: unknown;
};

/** The names a sentence needs, looked up by the caller from the summary it builds. */
export type AuditNames = {
  /** Who did it, as the portal names staff. */
  actor: string;
  /** A staff member by user id (a colleague whose claim was taken over); null when unknown. */
  staff: (userId: string) => string | null;
  /** The creditor an offer was made for, by offer id. */
  creditorOfOffer: (offerId: string) => string | null;
  /** The creditor a creditor account pays, by creditor account id (gone once the account was removed). */
  creditorOfAccount: (accountId: string) => string | null;
  /** An alert's type, by alert id. */
  alertType: (alertId: string) => AlertType | null;
};

/** Statuses in sentence case, as they read inside a sentence. */
export const STATUS_WORDS = {
  inProgress: 'In progress',
  acceptOffer: 'Accept offer',
  confirmPaymentAccount: 'Confirm payment account',
  signContract: 'Sign contract',
  counselorReview: 'Counselor review',
  creditorReview: 'Creditor review',
  transfer: 'Transfer',
  transferred: 'Transferred',
  disqualified: 'Disqualified',
} as const satisfies Record<ApplicationStatus, string>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const field = (value: unknown, key: string): unknown => (isRecord(value) ? value[key] : undefined);

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

const lowerFirst = (value: string): string => value.charAt(0).toLowerCase() + value.slice(1);

/** A label from a list by its key; a key the list does not know reads as it is. */
function labelOf<T extends Record<string, string>>(labels: T, key: string): string {
  return Object.hasOwn(labels, key) ? labels[key as keyof T]! : key;
}

const statusWord = (status: unknown): string | null =>
  isApplicationStatus(status) ? STATUS_WORDS[status] : text(status);

/** 'Status: Counselor review → Creditor review' when the record moved the application; else nothing. */
function statusLine(record: AuditRecord): string[] {
  const from = statusWord(field(record.before, 'status'));
  const to = statusWord(field(record.after, 'status'));
  return from && to && from !== to ? [`Status: ${from} → ${to}`] : [];
}

/** ' (a, b)' for a non-empty list, else ''. */
const inParentheses = (items: readonly string[]): string => (items.length ? ` (${items.join(', ')})` : '');

const quoted = (value: string): string => `“${value}”`;

function contactAttemptSentence(record: AuditRecord, actor: string): string {
  if (record.entityType === 'contactAttemptReason') {
    const key = text(field(record.after, 'key')) ?? 'a reason';
    const reason = quoted(labelOf(CONTACT_ATTEMPT_REASON_LABELS, key));
    return field(record.after, 'value') === false
      ? `${actor} removed the reason ${reason} from a contact attempt`
      : `${actor} added the reason ${reason} to a contact attempt`;
  }
  const method = text(field(record.after, 'method'));
  const outcome = text(field(record.after, 'outcome'));
  const how = method ? labelOf(CONTACT_METHOD_LABELS, method) : null;
  // A choice by its label; an outcome typed before the outcome became a choice as it was typed.
  const what = outcome
    ? isContactOutcome(outcome)
      ? lowerFirst(CONTACT_OUTCOME_LABELS[outcome])
      : outcome
    : null;
  const detail = [how, what].filter(Boolean).join(': ');
  return `${actor} recorded a contact attempt${detail ? ` (${detail})` : ''}`;
}

function offerSentences(record: AuditRecord, names: AuditNames): string[] {
  const { actor } = names;
  if (record.entityType === 'application') {
    // The last answer declined every offer: the application was disqualified.
    return [`${actor} answered the last offer; every offer was declined`, ...statusLine(record)];
  }
  const creditor = names.creditorOfOffer(record.entityId);
  const offer = creditor ? `the ${creditor} offer` : 'an offer';
  if (record.entityType === 'offerDisqualificationReason') {
    const before = strings(field(record.before, 'reasons'));
    const after = strings(field(record.after, 'reasons'));
    const label = (key: string) => quoted(labelOf(OFFER_DECLINE_REASON_LABELS, key));
    const added = after.filter((r) => !before.includes(r)).map(label);
    const removed = before.filter((r) => !after.includes(r)).map(label);
    const lines = [
      ...added.map((r) => `${actor} added the rejection reason ${r} to ${offer}`),
      ...removed.map((r) => `${actor} removed the rejection reason ${r} from ${offer}`),
    ];
    return lines.length ? lines : [`${actor} changed the rejection reasons of ${offer}`];
  }
  const from = text(field(record.before, 'status'));
  const to = text(field(record.after, 'status')) ?? 'unanswered';
  const counter = field(record.after, 'counterOffer');
  if (to === 'accepted' && isRecord(counter)) {
    return [`${actor} recorded a counter-offer from ${creditor ?? 'a creditor'}: ${counterTerms(counter)}`];
  }
  const reasons = to === 'declined' ? strings(field(record.after, 'reasons')) : [];
  const why = inParentheses(reasons.map((r) => labelOf(OFFER_DECLINE_REASON_LABELS, r)));
  // What happened, in the words the proposal keeps: nobody answered, the programme's default was applied.
  const days = silentAfterDaysOf(record);
  const silent =
    bySilentDefault(record) && (to === 'accepted' || to === 'declined')
      ? [
          days === null
            ? `No answer in time: the programme's default (${to}) was applied.`
            : silentDefaultNote(days, to),
        ]
      : [];
  return from && from !== to
    ? [`${actor} changed ${offer} from ${from} to ${to}${why}`, ...silent]
    : [`${actor} recorded ${offer} as ${to}${why}`, ...silent];
}

/** '$45 a month at 12%', '$45 a month' or '12% APR': what the creditor countered with. */
function counterTerms(counter: Record<string, unknown>): string {
  const payment = typeof counter.payment === 'number' ? `${formatDollars(counter.payment)} a month` : null;
  const rate =
    typeof counter.apr === 'number' ? `${(counter.apr / 100).toFixed(2).replace(/\.?0+$/, '')}%` : null;
  if (payment && rate) return `${payment} at ${rate}`;
  return payment ?? (rate ? `${rate} APR` : 'new terms');
}

function creditorAccountSentence(record: AuditRecord, names: AuditNames): string {
  const creditor = names.creditorOfAccount(record.entityId);
  const account = creditor ? `the creditor account for ${creditor}` : 'a creditor account';
  if (!isRecord(record.after)) return `${names.actor} removed ${account}`;
  // How the creditor is paid, never the numbers it is paid to.
  const paidBy =
    record.after.isAch === true ? ' (paid by ACH)' : record.after.isAch === false ? ' (paid by check)' : '';
  const done = isRecord(record.before) ? 'updated' : 'saved';
  return `${names.actor} ${done} ${account}${paidBy}`;
}

function qualityControlSentences(record: AuditRecord, actor: string): string[] {
  const passed = field(record.after, 'hasPassedQualityControl') === true;
  const reasons = strings(field(record.after, 'reasons')).map((r) =>
    labelOf(QUALITY_CONTROL_REASON_LABELS, r),
  );
  return [
    passed ? `${actor} passed quality control` : `${actor} failed quality control${inParentheses(reasons)}`,
    ...checklistLine(field(record.after, 'checklist')),
    ...statusLine(record),
  ];
}

/** Each item of the checklist as recorded: 'Checked: …; not checked: …' (records from before it: nothing). */
function checklistLine(checklist: unknown): string[] {
  if (!isRecord(checklist)) return [];
  const items = QUALITY_CONTROL_ITEMS.filter((item) => typeof checklist[item] === 'boolean');
  if (items.length === 0) return [];
  const label = (item: QualityControlItem) => QUALITY_CONTROL_ITEM_LABELS[item].toLowerCase();
  const checked = items.filter((item) => checklist[item] === true).map(label);
  const unchecked = items.filter((item) => checklist[item] === false).map(label);
  const parts = [
    checked.length > 0 ? `checked: ${checked.join(', ')}` : '',
    unchecked.length > 0 ? `not checked: ${unchecked.join(', ')}` : '',
  ].filter(Boolean);
  const line = parts.join('; ');
  return [`${line.charAt(0).toUpperCase()}${line.slice(1)}`];
}

function transferSentences(record: AuditRecord, actor: string): string[] {
  const plan = field(record.after, 'dmpEnrollment');
  const payment = field(plan, 'monthlyPaymentAmount');
  const term = field(plan, 'termInMonths');
  const terms =
    typeof payment === 'number' && typeof term === 'number'
      ? ` at ${formatDollars(payment)} a month for ${term} ${term === 1 ? 'month' : 'months'}`
      : '';
  return [`${actor} answered the last offer; the plan is enrolled${terms}`, ...statusLine(record)];
}

const perMonth = (value: unknown): string | null =>
  typeof value === 'number' && Number.isFinite(value) ? `${formatDollars(value)} a month` : null;

function planChangeSentence(record: AuditRecord, actor: string): string {
  const was = perMonth(field(record.before, 'monthlyDraft'));
  const now = perMonth(field(record.after, 'monthlyDraft'));
  const amounts = now ? ` (${now}${was ? `, was ${was}` : ''})` : '';
  const waits =
    field(record.after, 'needsConfirmation') === true
      ? '; the higher amount waits for their confirmation'
      : '';
  return `${actor} answered an offer that changed the plan; the borrower was told the new terms${amounts}${waits}`;
}

/**
 * What one audit record says, as sentences: first what the person did, then the status change it made, if
 * any ('Status: Counselor review → Creditor review'). An action this list does not know still reads, by its
 * name.
 */
export function auditSentences(record: AuditRecord, names: AuditNames): string[] {
  const { actor } = names;
  switch (record.action) {
    case 'viewBorrowerSummary':
      return [openingSentence(actor, 1)];
    case 'letterDownloaded':
      return [`${actor} downloaded the signed Letter of Authorization`];
    case 'proposalDownloaded':
      return [`${actor} downloaded a proposal to a creditor`];
    case 'proposalBatchDownloaded':
      return [`${actor} downloaded the day's batch file of proposals`];
    case 'proposalMailed':
      return [`${actor} marked a proposal to a creditor as mailed`];
    case 'proposalWithdrawn': {
      const reason = text(field(record.after, 'reason'));
      const why =
        reason && Object.hasOwn(PROPOSAL_WITHDRAWAL_REASON_LABELS, reason)
          ? `: ${lowerFirst(PROPOSAL_WITHDRAWAL_REASON_LABELS[reason as ProposalWithdrawalReason])}`
          : '';
      return [`${actor} withdrew a proposal to a creditor before it went out${why}`];
    }
    case 'claim':
      return [`${actor} claimed the application`];
    case 'unclaim':
      return [`${actor} released the application`];
    case 'unclaimTakeOver': {
      const held = text(field(record.before, 'assignedTo'));
      const colleague = (held && names.staff(held)) ?? 'another counsellor';
      return [`${actor} took over the application from ${colleague}`];
    }
    case 'contactAttempt':
      return [contactAttemptSentence(record, actor)];
    case 'offerStatus':
      return offerSentences(record, names);
    case 'creditorAccount':
      return [creditorAccountSentence(record, names)];
    case 'qualityControl':
      return qualityControlSentences(record, actor);
    case 'reapplied': {
      const change = text(field(record.after, 'change'));
      return [
        `${actor} applied again with a new application` +
          (change ? `: their ${change} changed` : ', after the waiting period'),
      ];
    }
    case 'qualityControlReopened':
      return [
        `${actor} reopened the failed quality control`,
        ...(field(record.after, 'borrowerEmailed') === true
          ? ['The borrower was emailed that the application is being reviewed again']
          : []),
        ...statusLine(record),
      ];
    case 'transfer':
      return transferSentences(record, actor);
    case 'markTransferred': {
      const crmId = text(field(record.after, 'partnerCrmId'));
      return [
        `${actor} marked the application transferred${crmId ? ` (Partner CRM ID ${crmId})` : ''}`,
        ...statusLine(record),
      ];
    }
    case 'approveLongPlan': {
      const months = field(record.after, 'approvedTermInMonths');
      const length = typeof months === 'number' ? ` of ${months} months` : ' over 60 months';
      const why = text(field(record.after, 'reason'));
      return [`${actor} approved a plan${length}${why ? `: ${quoted(why)}` : ''}`, ...statusLine(record)];
    }
    case 'alertSeen': {
      const type = names.alertType(record.entityId);
      const alert = type ? `the alert ${quoted(ALERT_TYPE_LABELS[type])}` : 'an alert';
      return [`${actor} marked ${alert} as seen`];
    }
    case 'planChangeAnnounced':
      return [planChangeSentence(record, actor)];
    case 'spouseCreditConsentGiven':
      return field(record.after, 'method') === 'emailedLink'
        ? [`${actor} gave their consent to the credit inquiry from the link emailed to them`]
        : [`${actor} handed the screen to the spouse, who gave their own consent to the credit inquiry`];
    case 'spouseConsentLinkSent':
      return [
        field(record.after, 'resend') === true
          ? `${actor} emailed the spouse a new link to consent to the credit inquiry`
          : `${actor} emailed the spouse a link to consent to the credit inquiry`,
      ];
    case 'signingLinkSent': {
      const role = field(record.after, 'role') === 'spouse' ? 'the spouse' : 'the borrower';
      return field(record.after, 'via') === 'app'
        ? [`${actor} opened a new signing link from the application`]
        : [`${actor} asked for a new signing link; it was emailed to ${role}`];
    }
    case 'agencyDayOffAdded':
    case 'agencyDayOffRemoved': {
      // The entity is the day itself ('2026-12-24'), read as the rest of the history reads dates.
      const day = /^\d{4}-\d{2}-\d{2}$/.test(record.entityId) ? formatLetterDate(record.entityId) : 'a day';
      return record.action === 'agencyDayOffAdded'
        ? [`${actor} closed the agency on ${day}`]
        : [`${actor} opened the agency again on ${day}`];
    }
    case 'counsellingCallOutcome': {
      const state = field(record.after, 'state');
      const marked = state === 'missed' ? 'missed' : 'completed';
      return [`${actor} marked a counselling call ${marked}`];
    }
    case 'planReauthorized': {
      const now = perMonth(field(record.after, 'monthlyDraft'));
      return [`${actor} confirmed the new amount drawn each month${now ? ` (${now})` : ''}`];
    }
    case 'draftDayChanged': {
      const day = field(record.after, 'draftDay');
      const from = text(field(record.after, 'firstDraftOnNewDay'));
      const onDay = typeof day === 'number' ? `the ${ordinal(day)} of each month` : 'another day';
      const fromDraft =
        from && /^\d{4}-\d{2}-\d{2}$/.test(from) ? `, from the draft on ${formatLetterDate(from)}` : '';
      return [`${actor} moved the monthly draft to ${onDay}${fromDraft}`];
    }
    default:
      return [`${actor}: ${record.action}`];
  }
}

/** 'Dana Reyes opened the borrower summary', or '… 3 times' for several openings folded together. */
export function openingSentence(actor: string, times: number): string {
  return `${actor} opened the borrower summary${times > 1 ? ` ${times} times` : ''}`;
}

/** One line of the history as the summary sends it: newest first. */
export type AuditLine = {
  id: string;
  /** ISO 8601. */
  createdAt: string;
  action: string;
  actor: { id: string; name: string } | null;
  sentences: string[];
};

export const isOpening = (line: Pick<AuditLine, 'action'>): boolean => line.action === 'viewBorrowerSummary';

/**
 * Folds openings of the borrower summary: consecutive openings by the same person become one line ('… opened
 * the borrower summary 3 times') at the time of the latest. Anything else between two openings keeps them
 * apart. `times` is how many records a line stands for.
 */
export function foldOpenings(lines: readonly AuditLine[]): (AuditLine & { times: number })[] {
  const folded: (AuditLine & { times: number })[] = [];
  for (const line of lines) {
    const previous = folded.at(-1);
    if (previous && isOpening(previous) && isOpening(line) && previous.actor?.id === line.actor?.id) {
      previous.times += 1;
      if (line.createdAt > previous.createdAt) previous.createdAt = line.createdAt;
      previous.sentences = [openingSentence(previous.actor?.name ?? UNKNOWN_ACTOR, previous.times)];
      continue;
    }
    folded.push({ ...line, times: 1 });
  }
  return folded;
}

/** Who did it when the log names nobody the portal knows. */
export const UNKNOWN_ACTOR = 'A staff member';
/** Who did it when a signer asked from their signing link: they have no account to name. */
export const SIGNER_ACTOR = 'A signer';
/** Who consented from the emailed link: the spouse, who has no account. */
export const SPOUSE_ACTOR = 'The spouse';
/** Who answered an offer whose creditor stayed silent past its programme's days: nobody signed in. */
export const SILENT_DEFAULT_ACTOR = 'The silent-creditor default';

/** Who withdrew a proposal whose offer left the plan before it went out: nobody signed in did. */
export const PROPOSAL_QUEUE_ACTOR = 'The proposal queue';

/**
 * Whether the silent-creditor default wrote the record: every record its answer writes (the offer's answer, the
 * creditor account it records, the plan change told to the borrower, the hand-over or disqualification) says
 * so in its after, with the programme's days where they were kept.
 */
export const bySilentDefault = (record: Pick<AuditRecord, 'after'>): boolean =>
  field(record.after, 'silentDefault') === true;

/** The programme's days the silent creditor had to answer, when the record kept them. */
export const silentAfterDaysOf = (record: Pick<AuditRecord, 'after'>): number | null => {
  const days = field(record.after, 'silentAfterDays');
  return typeof days === 'number' && Number.isInteger(days) && days > 0 ? days : null;
};

/**
 * The actor to name when the log names none: a signer, the silent-creditor default, the proposal queue (a
 * withdrawn proposal), else a staff member.
 */
export function unnamedActor(record: Pick<AuditRecord, 'action' | 'after'>): string {
  if (record.action === 'signingLinkSent') return SIGNER_ACTOR;
  if (record.action === 'spouseCreditConsentGiven') return SPOUSE_ACTOR;
  if (bySilentDefault(record)) return SILENT_DEFAULT_ACTOR;
  if (record.action === 'proposalWithdrawn') return PROPOSAL_QUEUE_ACTOR;
  return UNKNOWN_ACTOR;
}
