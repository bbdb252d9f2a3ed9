import { describe, expect, it } from 'vitest';
import {
  AUDIT_ACTIONS,
  auditSentences,
  foldOpenings,
  openingSentence,
  PROPOSAL_QUEUE_ACTOR,
  SIGNER_ACTOR,
  SPOUSE_ACTOR,
  SILENT_DEFAULT_ACTOR,
  UNKNOWN_ACTOR,
  unnamedActor,
  type AuditAction,
  type AuditLine,
  type AuditNames,
  type AuditRecord,
} from './audit-sentences';

const SAM = 'user-sam';
const OFFER = 'offer-1';
const ACCOUNT = 'creditor-account-1';
const ALERT = 'alert-1';

const names: AuditNames = {
  actor: 'Dana Reyes',
  staff: (id) => (id === SAM ? 'Sam Lee' : null),
  creditorOfOffer: (id) => (id === OFFER ? 'Capital Bank' : null),
  creditorOfAccount: (id) => (id === ACCOUNT ? 'Capital Bank' : null),
  alertType: (id) => (id === ALERT ? 'newCreditInquiry' : null),
};

/** What the creditor-account writer records: the numbers by their last four digits. */
const achAccount = {
  id: ACCOUNT,
  isAch: true,
  email: 'remit@bank.example.com',
  accountNumberLast4: '9012',
  routingNumberLast4: '0021',
  addressLine1: null,
  addressLine2: null,
  city: null,
  state: null,
  zipCode: null,
  memo: null,
};
const checkAccount = {
  ...achAccount,
  isAch: false,
  accountNumberLast4: null,
  routingNumberLast4: null,
  addressLine1: 'PO Box 30285',
  city: 'Salt Lake City',
  state: 'UT',
  zipCode: '84130',
};
/** What a contact attempt's writer records: the attempt as the API answered it. */
const attempt = (outcome: string | null, method: string | null = 'phone') => ({
  id: 'attempt-1',
  applicationId: 'app-1',
  contactedBy: 'user-dana',
  createdAt: '2025-03-04T15:00:00.000Z',
  method,
  outcome,
  notes: 'Called at 3 pm',
  didTheBorrowerReceiveAnOffer: null,
  reasons: [],
  smsOutboxId: null,
});

type Row = [
  name: string,
  record: Partial<AuditRecord> & { action: AuditAction | 'retiredAction' },
  sentences: string[],
];

/** Every action, in the shapes its writer records (grep recordAudit). */
const TABLE: Row[] = [
  [
    'an opening of the summary',
    { action: 'viewBorrowerSummary' },
    ['Dana Reyes opened the borrower summary'],
  ],
  [
    'a download of the signed letter',
    { action: 'letterDownloaded', entityType: 'docusign' },
    ['Dana Reyes downloaded the signed Letter of Authorization'],
  ],
  [
    'a download of a proposal',
    { action: 'proposalDownloaded', entityType: 'proposal' },
    ['Dana Reyes downloaded a proposal to a creditor'],
  ],
  [
    "a download of the day's batch file",
    { action: 'proposalBatchDownloaded', entityType: 'proposalBatch' },
    ["Dana Reyes downloaded the day's batch file of proposals"],
  ],
  [
    'a proposal marked mailed',
    { action: 'proposalMailed', entityType: 'proposal' },
    ['Dana Reyes marked a proposal to a creditor as mailed'],
  ],
  [
    'a proposal withdrawn because its offer left the plan',
    {
      action: 'proposalWithdrawn',
      entityType: 'proposal',
      after: { state: 'withdrawn', reason: 'declined' },
    },
    ['Dana Reyes withdrew a proposal to a creditor before it went out: the creditor declined the offer'],
  ],
  [
    'a claim',
    {
      action: 'claim',
      before: { version: 3, assignedTo: null, assignedToAt: null },
      after: { version: 4, assignedTo: 'user-dana' },
    },
    ['Dana Reyes claimed the application'],
  ],
  [
    'an unclaim',
    {
      action: 'unclaim',
      before: { version: 4, assignedTo: 'user-dana', assignedToAt: '2025-03-04T15:00:00.000Z' },
      after: { version: 5, assignedTo: null },
    },
    ['Dana Reyes released the application'],
  ],
  [
    "a take-over of a colleague's claim",
    {
      action: 'unclaimTakeOver',
      before: { version: 4, assignedTo: SAM, assignedToAt: '2025-03-04T15:00:00.000Z' },
      after: { version: 5, assignedTo: null, takeOver: true },
    },
    ['Dana Reyes took over the application from Sam Lee'],
  ],
  [
    'a take-over from someone no longer known',
    { action: 'unclaimTakeOver', before: { assignedTo: 'user-gone' }, after: { assignedTo: null } },
    ['Dana Reyes took over the application from another counsellor'],
  ],
  [
    'a phone attempt that left a voicemail',
    { action: 'contactAttempt', entityType: 'contactAttempt', after: attempt('leftVoicemail') },
    ['Dana Reyes recorded a contact attempt (Phone: left voicemail)'],
  ],
  [
    'a text-message attempt that reached the borrower',
    { action: 'contactAttempt', entityType: 'contactAttempt', after: attempt('reached', 'textMessage') },
    ['Dana Reyes recorded a contact attempt (Text message: reached)'],
  ],
  [
    'an attempt recorded when the outcome was free text',
    { action: 'contactAttempt', entityType: 'contactAttempt', after: attempt('Spoke with the borrower') },
    ['Dana Reyes recorded a contact attempt (Phone: Spoke with the borrower)'],
  ],
  [
    'an attempt with neither method nor outcome',
    { action: 'contactAttempt', entityType: 'contactAttempt', after: attempt(null, null) },
    ['Dana Reyes recorded a contact attempt'],
  ],
  [
    'a reason ticked on an attempt',
    {
      action: 'contactAttempt',
      entityType: 'contactAttemptReason',
      before: { key: 'verifyIncome', value: null },
      after: { key: 'verifyIncome', value: true },
    },
    ['Dana Reyes added the reason “Verify income” to a contact attempt'],
  ],
  [
    'a reason unticked on an attempt',
    {
      action: 'contactAttempt',
      entityType: 'contactAttemptReason',
      before: { key: 'verifyIncome', value: true },
      after: { key: 'verifyIncome', value: false },
    },
    ['Dana Reyes removed the reason “Verify income” from a contact attempt'],
  ],
  [
    'an offer accepted',
    {
      action: 'offerStatus',
      entityType: 'offer',
      entityId: OFFER,
      before: { status: null, version: 0, reasons: [] },
      after: { status: 'accepted', version: 1, reasons: [] },
    },
    ['Dana Reyes recorded the Capital Bank offer as accepted'],
  ],
  [
    'an offer answered by the silent-creditor default, with its days',
    {
      action: 'offerStatus',
      entityType: 'offer',
      entityId: OFFER,
      before: { status: null, version: 0, reasons: [] },
      after: { status: 'declined', version: 1, reasons: [], silentDefault: true, silentAfterDays: 10 },
    },
    [
      'Dana Reyes recorded the Capital Bank offer as declined',
      "No answer within 10 days: the programme's default (declined) was applied.",
    ],
  ],
  [
    'an offer answered by the silent-creditor default before its days were kept',
    {
      action: 'offerStatus',
      entityType: 'offer',
      entityId: OFFER,
      before: { status: null, version: 0, reasons: [] },
      after: { status: 'accepted', version: 1, reasons: [], silentDefault: true },
    },
    [
      'Dana Reyes recorded the Capital Bank offer as accepted',
      "No answer in time: the programme's default (accepted) was applied.",
    ],
  ],
  [
    'an offer declined with two reasons',
    {
      action: 'offerStatus',
      entityType: 'offer',
      entityId: OFFER,
      before: { status: null, version: 0, reasons: [] },
      after: { status: 'declined', version: 1, reasons: ['termTooLong', 'reductionTooMuch'] },
    },
    ['Dana Reyes recorded the Capital Bank offer as declined (term too long, reduction too much)'],
  ],
  [
    'a counter-offer',
    {
      action: 'offerStatus',
      entityType: 'offer',
      entityId: OFFER,
      before: { status: null, version: 0, reasons: [] },
      after: { status: 'accepted', version: 1, reasons: [], counterOffer: { payment: 4500, apr: 1250 } },
    },
    ['Dana Reyes recorded a counter-offer from Capital Bank: $45 a month at 12.5%'],
  ],
  [
    'a counter-offer of a rate alone',
    {
      action: 'offerStatus',
      entityType: 'offer',
      entityId: OFFER,
      before: { status: null, version: 0, reasons: [] },
      after: { status: 'accepted', version: 1, reasons: [], counterOffer: { payment: null, apr: 500 } },
    },
    ['Dana Reyes recorded a counter-offer from Capital Bank: 5% APR'],
  ],
  [
    'a plan over 60 months approved; the hand-over followed',
    {
      action: 'approveLongPlan',
      entityType: 'application',
      before: { status: 'creditorReview', termInMonths: 72, approvedTermInMonths: null },
      after: { status: 'transfer', approvedTermInMonths: 72, reason: 'Hardship plan agreed by phone' },
    },
    [
      'Dana Reyes approved a plan of 72 months: “Hardship plan agreed by phone”',
      'Status: Creditor review → Transfer',
    ],
  ],
  [
    'an answer changed',
    {
      action: 'offerStatus',
      entityType: 'offer',
      entityId: 'offer-unknown',
      before: { status: 'accepted', version: 1, reasons: [] },
      after: { status: 'declined', version: 2, reasons: ['other'] },
    },
    ['Dana Reyes changed an offer from accepted to declined (other)'],
  ],
  [
    'a rejection reason toggled on, another off',
    {
      action: 'offerStatus',
      entityType: 'offerDisqualificationReason',
      entityId: OFFER,
      before: { reasons: ['other'] },
      after: { reasons: ['autoclosed'] },
    },
    [
      'Dana Reyes added the rejection reason “autoclosed” to the Capital Bank offer',
      'Dana Reyes removed the rejection reason “other” from the Capital Bank offer',
    ],
  ],
  [
    'the last answer declining every offer',
    {
      action: 'offerStatus',
      entityType: 'application',
      before: { status: 'creditorReview' },
      after: { status: 'disqualified', reason: 'allOffersDeclined' },
    },
    [
      'Dana Reyes answered the last offer; every offer was declined',
      'Status: Creditor review → Disqualified',
    ],
  ],
  [
    'a creditor account saved (ACH)',
    { action: 'creditorAccount', entityId: ACCOUNT, before: null, after: achAccount },
    ['Dana Reyes saved the creditor account for Capital Bank (paid by ACH)'],
  ],
  [
    'a creditor account changed to check',
    { action: 'creditorAccount', entityId: ACCOUNT, before: achAccount, after: checkAccount },
    ['Dana Reyes updated the creditor account for Capital Bank (paid by check)'],
  ],
  [
    'a creditor account removed by a decline (its creditor no longer linked)',
    { action: 'creditorAccount', entityId: 'creditor-account-gone', before: achAccount, after: null },
    ['Dana Reyes removed a creditor account'],
  ],
  [
    'quality control passed',
    {
      action: 'qualityControl',
      before: { status: 'counselorReview', hasPassedQualityControl: null },
      after: { status: 'creditorReview', hasPassedQualityControl: true, reasons: [] },
    },
    ['Dana Reyes passed quality control', 'Status: Counselor review → Creditor review'],
  ],
  [
    'quality control failed',
    {
      action: 'qualityControl',
      before: { status: 'counselorReview', hasPassedQualityControl: null },
      after: {
        status: 'disqualified',
        hasPassedQualityControl: false,
        reasons: ['couldNotVerifyIncome', 'proposedBudgetWasUnrealistic'],
      },
    },
    [
      'Dana Reyes failed quality control (could not verify income, proposed budget was unrealistic)',
      'Status: Counselor review → Disqualified',
    ],
  ],
  [
    'quality control failed, with its checklist',
    {
      action: 'qualityControl',
      before: { status: 'counselorReview', hasPassedQualityControl: null, checklist: null },
      after: {
        status: 'disqualified',
        hasPassedQualityControl: false,
        checklist: { consumerIdentity: true, income: false, expenses: true, proposedBudget: false },
        reasons: ['couldNotVerifyIncome', 'proposedBudgetWasUnrealistic'],
      },
    },
    [
      'Dana Reyes failed quality control (could not verify income, proposed budget was unrealistic)',
      'Checked: consumer identity verified, expenses verified; not checked: income verified, proposed budget is realistic',
      'Status: Counselor review → Disqualified',
    ],
  ],
  [
    'a failed quality control reopened by a supervisor, the borrower emailed',
    {
      action: 'qualityControlReopened',
      before: { status: 'disqualified', hasPassedQualityControl: false, borrowerEmailed: true },
      after: { status: 'counselorReview', hasPassedQualityControl: null, borrowerEmailed: true },
    },
    [
      'Dana Reyes reopened the failed quality control',
      'The borrower was emailed that the application is being reviewed again',
      'Status: Disqualified → Counselor review',
    ],
  ],
  [
    'a failed quality control reopened, the borrower not told',
    {
      action: 'qualityControlReopened',
      before: { status: 'disqualified', hasPassedQualityControl: false, borrowerEmailed: false },
      after: { status: 'counselorReview', hasPassedQualityControl: null, borrowerEmailed: false },
    },
    ['Dana Reyes reopened the failed quality control', 'Status: Disqualified → Counselor review'],
  ],
  [
    'quality control passed, with its checklist',
    {
      action: 'qualityControl',
      before: { status: 'counselorReview', hasPassedQualityControl: null, checklist: null },
      after: {
        status: 'creditorReview',
        hasPassedQualityControl: true,
        checklist: { consumerIdentity: true, income: true, expenses: true, proposedBudget: true },
        reasons: [],
      },
    },
    [
      'Dana Reyes passed quality control',
      'Checked: consumer identity verified, income verified, expenses verified, proposed budget is realistic',
      'Status: Counselor review → Creditor review',
    ],
  ],
  [
    'the hand-over to transfer',
    {
      action: 'transfer',
      before: { status: 'creditorReview' },
      after: {
        status: 'transfer',
        dmpEnrollment: {
          active: true,
          monthlyPaymentAmount: 41_250,
          termInMonths: 48,
          firstPaymentDate: '2025-04-01',
          dateSigned: '2025-03-02',
        },
      },
    },
    [
      'Dana Reyes answered the last offer; the plan is enrolled at $413 a month for 48 months',
      'Status: Creditor review → Transfer',
    ],
  ],
  [
    'mark transferred',
    {
      action: 'markTransferred',
      before: { status: 'transfer' },
      after: { status: 'transferred', partnerCrmId: 'CRM-00424242', borrowerId: 'borrower-1' },
    },
    [
      'Dana Reyes marked the application transferred (Partner CRM ID CRM-00424242)',
      'Status: Transfer → Transferred',
    ],
  ],
  [
    'an alert seen',
    {
      action: 'alertSeen',
      entityType: 'alert',
      entityId: ALERT,
      before: { hasBeenSeenByCustomerServiceRepresentative: false },
      after: { hasBeenSeenByCustomerServiceRepresentative: true },
    },
    ['Dana Reyes marked the alert “New credit inquiry” as seen'],
  ],
  [
    'an alert no longer there',
    { action: 'alertSeen', entityType: 'alert', entityId: 'alert-gone' },
    ['Dana Reyes marked an alert as seen'],
  ],
  [
    'a plan change announced',
    {
      action: 'planChangeAnnounced',
      before: { monthlyDraft: 38_500 },
      after: { monthlyDraft: 41_500, appliesFrom: '2027-04-11', needsConfirmation: true },
    },
    [
      'Dana Reyes answered an offer that changed the plan; the borrower was told the new terms ($415 a month, was $385 a month); the higher amount waits for their confirmation',
    ],
  ],
  [
    'a lower plan announced',
    {
      action: 'planChangeAnnounced',
      before: { monthlyDraft: 38_500 },
      after: { monthlyDraft: 28_000, needsConfirmation: false },
    },
    [
      'Dana Reyes answered an offer that changed the plan; the borrower was told the new terms ($280 a month, was $385 a month)',
    ],
  ],
  [
    'a higher amount confirmed by the borrower',
    { action: 'planReauthorized', after: { monthlyDraft: 41_500, appliesFrom: '2027-04-11' } },
    ['Dana Reyes confirmed the new amount drawn each month ($415 a month)'],
  ],
  [
    'the borrower moved the monthly draft to another day',
    { action: 'draftDayChanged', after: { draftDay: 5, firstDraftOnNewDay: '2027-04-05' } },
    ['Dana Reyes moved the monthly draft to the 5th of each month, from the draft on April 5, 2027'],
  ],
  [
    'a new signing link asked for from an expired one',
    { action: 'signingLinkSent', after: { role: 'spouse', via: 'email' } },
    ['Dana Reyes asked for a new signing link; it was emailed to the spouse'],
  ],
  [
    'a new signing link opened by the borrower',
    { action: 'signingLinkSent', after: { role: 'borrower', via: 'app' } },
    ['Dana Reyes opened a new signing link from the application'],
  ],
  [
    'a counselling call marked completed',
    { action: 'counsellingCallOutcome', after: { state: 'completed', contactAttemptId: 'c-1' } },
    ['Dana Reyes marked a counselling call completed'],
  ],
  [
    'a counselling call marked missed',
    { action: 'counsellingCallOutcome', after: { state: 'missed', contactAttemptId: null } },
    ['Dana Reyes marked a counselling call missed'],
  ],
  [
    'a day off added for the whole agency',
    { action: 'agencyDayOffAdded', entityType: 'agencyDayOff', entityId: '2026-12-24' },
    ['Dana Reyes closed the agency on December 24, 2026'],
  ],
  [
    'a day off removed',
    { action: 'agencyDayOffRemoved', entityType: 'agencyDayOff', entityId: '2026-12-24' },
    ['Dana Reyes opened the agency again on December 24, 2026'],
  ],
  [
    'the spouse consented at the applicant’s screen',
    { action: 'spouseCreditConsentGiven', after: { method: 'atScreen', language: 'en' } },
    ['Dana Reyes handed the screen to the spouse, who gave their own consent to the credit inquiry'],
  ],
  [
    'the spouse consented from the emailed link (the actor named as the log names none)',
    { action: 'spouseCreditConsentGiven', after: { method: 'emailedLink', language: 'es' } },
    ['Dana Reyes gave their consent to the credit inquiry from the link emailed to them'],
  ],
  [
    'a consent link emailed to the spouse',
    { action: 'spouseConsentLinkSent', after: { language: 'en', resend: false } },
    ['Dana Reyes emailed the spouse a link to consent to the credit inquiry'],
  ],
  [
    'a new consent link emailed to the spouse',
    { action: 'spouseConsentLinkSent', after: { language: 'en', resend: true } },
    ['Dana Reyes emailed the spouse a new link to consent to the credit inquiry'],
  ],
  [
    'the borrower applied again after a change',
    { action: 'reapplied', after: { newApplicationId: 'app-2', change: 'income' } },
    ['Dana Reyes applied again with a new application: their income changed'],
  ],
  [
    'the borrower applied again after the waiting period',
    { action: 'reapplied', after: { newApplicationId: 'app-2', change: null } },
    ['Dana Reyes applied again with a new application, after the waiting period'],
  ],
  ['an action this list does not know', { action: 'retiredAction' }, ['Dana Reyes: retiredAction']],
];

const record = (r: Row[1]): AuditRecord => ({
  entityType: 'application',
  entityId: 'app-1',
  before: null,
  after: null,
  ...r,
});

describe('auditSentences', () => {
  it.each(TABLE)('%s', (_name, r, sentences) => {
    expect(auditSentences(record(r), names)).toEqual(sentences);
  });

  it('names the silent-creditor default, a signer, else a staff member, when the log names nobody', () => {
    expect(unnamedActor({ action: 'offerStatus', after: { status: 'accepted', silentDefault: true } })).toBe(
      SILENT_DEFAULT_ACTOR,
    );
    expect(unnamedActor({ action: 'offerStatus', after: { status: 'accepted' } })).toBe(UNKNOWN_ACTOR);
    // Every record the silent default's answer writes names it, not a staff member.
    for (const action of ['creditorAccount', 'planChangeAnnounced', 'transfer', 'offerStatus'])
      expect(unnamedActor({ action, after: { silentDefault: true, silentAfterDays: 30 } }), action).toBe(
        SILENT_DEFAULT_ACTOR,
      );
    expect(unnamedActor({ action: 'transfer', after: { status: 'transfer' } })).toBe(UNKNOWN_ACTOR);
    expect(unnamedActor({ action: 'proposalWithdrawn', after: { reason: 'leftOut' } })).toBe(
      PROPOSAL_QUEUE_ACTOR,
    );
    expect(unnamedActor({ action: 'signingLinkSent', after: null })).toBe(SIGNER_ACTOR);
    expect(unnamedActor({ action: 'spouseCreditConsentGiven', after: { method: 'emailedLink' } })).toBe(
      SPOUSE_ACTOR,
    );
  });

  it('has a row for every audit action', () => {
    const covered = new Set(TABLE.map(([, r]) => r.action));
    expect(AUDIT_ACTIONS.filter((action) => !covered.has(action))).toEqual([]);
  });

  it('never repeats a number of an account or a routing number, nor a date', () => {
    for (const [name, r] of TABLE) {
      for (const sentence of auditSentences(record(r), names)) {
        expect(sentence, name).not.toMatch(/9012|0021|\d{4}-\d{2}-\d{2}|\d{2}-\d{2}-\d{4}/);
      }
    }
  });

  it('reads records whose before and after are not what it expects without failing', () => {
    for (const action of AUDIT_ACTIONS) {
      for (const value of [null, 'text', 42, [], { status: 7, reasons: 'x', after: {} }]) {
        const sentences = auditSentences(record({ action, before: value, after: value }), names);
        expect(sentences.length, action).toBeGreaterThan(0);
        for (const sentence of sentences) expect(sentence, action).toMatch(/^Dana Reyes |^Status: /);
      }
    }
  });
});

describe('foldOpenings', () => {
  const line = (id: string, action: string, actor: string, minute: number): AuditLine => ({
    id,
    createdAt: `2025-03-04T15:${String(minute).padStart(2, '0')}:00.000Z`,
    action,
    actor: { id: actor, name: actor === 'dana' ? 'Dana Reyes' : 'Sam Lee' },
    sentences: [`${actor} ${action}`],
  });
  const shown = (lines: AuditLine[]) =>
    foldOpenings(lines).map((l) => `${l.createdAt.slice(14, 16)} ${l.sentences.join(' / ')} ×${l.times}`);

  it('folds consecutive openings by one person into one line at the latest time', () => {
    expect(
      shown([
        line('1', 'viewBorrowerSummary', 'dana', 30),
        line('2', 'viewBorrowerSummary', 'dana', 20),
        line('3', 'viewBorrowerSummary', 'dana', 10),
        line('4', 'claim', 'dana', 5),
        line('5', 'viewBorrowerSummary', 'dana', 4),
      ]),
    ).toEqual([
      '30 Dana Reyes opened the borrower summary 3 times ×3',
      '05 dana claim ×1',
      '04 dana viewBorrowerSummary ×1',
    ]);
  });

  it('keeps openings by different people apart', () => {
    expect(
      shown([
        line('1', 'viewBorrowerSummary', 'dana', 30),
        line('2', 'viewBorrowerSummary', 'sam', 20),
        line('3', 'viewBorrowerSummary', 'sam', 10),
      ]),
    ).toEqual(['30 dana viewBorrowerSummary ×1', '20 Sam Lee opened the borrower summary 2 times ×2']);
  });

  it('leaves its input as it was', () => {
    const lines = [
      line('1', 'viewBorrowerSummary', 'dana', 30),
      line('2', 'viewBorrowerSummary', 'dana', 20),
    ];
    const copy = structuredClone(lines);
    foldOpenings(lines);
    expect(lines).toEqual(copy);
  });

  it('says how many times', () => {
    expect(openingSentence('Dana Reyes', 1)).toBe('Dana Reyes opened the borrower summary');
    expect(openingSentence('Dana Reyes', 3)).toBe('Dana Reyes opened the borrower summary 3 times');
  });
});
