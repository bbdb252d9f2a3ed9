import type { OutcomeView } from '#domain/flow/application-view';
import { formatDollars } from '#domain/money/cents';
import type { PlanChange } from '#domain/enrollment/plan-change';
import type { DraftDayChange } from '#domain/enrollment/draft-day-change';
import {
  DRAFT_ON_NON_BUSINESS_DAY,
  formatLetterDate,
  formatUsd,
  ordinal,
} from '#domain/enrollment/letter-of-authorization';
import { SITE } from '#domain/site';
import { OUTCOME_TEXTS } from '#domain/underwriting/outcomes';
import { belowInterestWarning, payoffPlanSentences } from '#domain/underwriting/payoff-plan';

/** A file sent with an email (the signed Letter of Authorization), content as base64. */
export type EmailAttachment = { filename: string; contentType: string; content: string };

export type EmailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  links: { label: string; url: string }[];
  kind: string;
  /** Files sent with the email; content as base64. */
  attachments?: EmailAttachment[];
};

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function render(
  kind: string,
  to: string,
  subject: string,
  paragraphs: string[],
  link: { label: string; url: string },
) {
  const footer = `Questions? Call ${SITE.phone.display}, ${SITE.hours}.`;
  const text = [...paragraphs, `${link.label}: ${link.url}`, footer].join('\n\n');
  const html = [
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`,
    `<p style="color:#555">${escapeHtml(footer)}</p>`,
  ].join('\n');
  return { to, subject, text, html, links: [link], kind } satisfies EmailMessage;
}

const codeLink = (
  publicUrl: string,
  route: string,
  email: string,
  code: string,
  extra: Record<string, string> = {},
) => `${publicUrl}${route}?${new URLSearchParams({ email, code, ...extra }).toString()}`;

/** The query a first-password link adds, so its page says "Set your password" rather than "Reset". */
export const SET_PASSWORD_PURPOSE = { purpose: 'set' } as const;

/** Sent after the first submit of the lead form: the borrower sets a password to keep their application. */
export const initialPasswordEmail = (o: {
  publicUrl: string;
  email: string;
  code: string;
  firstName?: string | null;
}) =>
  render(
    'initial-password',
    o.email,
    'Finish creating your account',
    [
      `Hi${o.firstName ? ` ${o.firstName}` : ''}, thanks for starting your debt management plan application.`,
      'Set a password so you can come back to your application at any time. This link can be used once.',
      `Your verification code is ${o.code}.`,
    ],
    {
      label: 'Set your password',
      url: codeLink(o.publicUrl, '/reset-password', o.email, o.code, SET_PASSWORD_PURPOSE),
    },
  );

export const resetPasswordEmail = (o: { publicUrl: string; email: string; code: string }) =>
  render(
    'reset-password',
    o.email,
    'Your new verification link',
    [
      'We received a request to reset your password. Use the link below to choose a new one. It can be used once, and only the newest link works.',
      `Your verification code is ${o.code}.`,
      'If you did not ask for this, you can ignore this email.',
    ],
    { label: 'Reset your password', url: codeLink(o.publicUrl, '/reset-password', o.email, o.code) },
  );

export const verifyNewEmailEmail = (o: { publicUrl: string; email: string; code: string }) =>
  render(
    'verify-new-email',
    o.email,
    'Verify your new email address',
    [
      'You asked to sign in with this email address from now on. Confirm it by entering your password on the page below; until then your sign-in email stays as it was. If you did not ask for this, you can ignore this email.',
      `Your verification code is ${o.code}.`,
    ],
    { label: 'Verify your new email', url: codeLink(o.publicUrl, '/verify-new-email', o.email, o.code) },
  );

/** The Letter of Authorization is ready: the signer's own link to the signing page. */
export const signLetterEmail = (o: { to: string; name: string; url: string; forSpouse: boolean }) =>
  render(
    'sign-letter',
    o.to,
    'Please sign your Letter of Authorization',
    [
      `Hi ${o.name}, your debt management plan is almost ready.`,
      o.forSpouse
        ? 'As the co-applicant, please review and sign the Letter of Authorization with your own link below. It lets the credit counselling agency contact your creditors and set up the plan.'
        : 'Please review and sign the Letter of Authorization. It lets the credit counselling agency contact your creditors and set up the plan.',
      'After signing, a credit counsellor reviews your application and gets in touch.',
    ],
    { label: 'Review and sign', url: o.url },
  );

/** Every signer signed: the signed copy, attached, and where to find it again. */
export const letterSignedEmail = (o: {
  to: string;
  name: string;
  publicUrl: string;
  signedPdf: Uint8Array;
}): EmailMessage => ({
  ...render(
    'letter-signed',
    o.to,
    'Your signed Letter of Authorization',
    [
      `Hi ${o.name}, thank you for completing the Letter of Authorization. Your signed copy is attached.`,
      'A credit counsellor will now review your application and get in touch. You can also download the signed copy at any time from your plan page after signing in.',
    ],
    { label: 'Your plan', url: `${o.publicUrl}/customer-portal/plan` },
  ),
  attachments: [
    {
      filename: 'Letter of Authorization (signed).pdf',
      contentType: 'application/pdf',
      content: Buffer.from(o.signedPdf).toString('base64'),
    },
  ],
});

/**
 * The application did not qualify: the thanks of /offers/not-qualified, why in plain words and what to do
 * next, with the do-it-yourself payoff plan when the borrower can pay their debts without a plan.
 */
export function notQualifiedEmail(o: {
  to: string;
  firstName: string | null;
  publicUrl: string;
  outcome: OutcomeView;
  today: Date;
}): EmailMessage {
  const paragraphs = [
    `Hi${o.firstName ? ` ${o.firstName}` : ''}, thank you for taking the time to apply. Unfortunately, you do not qualify for a Debt Management Plan at this time.`,
  ];
  for (const outcome of o.outcome.outcomes) {
    const text = OUTCOME_TEXTS[outcome];
    paragraphs.push(`Why: ${text.title}. ${text.why}`);
    for (const step of text.nextSteps) {
      const web =
        step.link && step.link.href.startsWith('https://') ? ` ${step.link.label}: ${step.link.href}` : '';
      paragraphs.push(`What you can do: ${step.title}. ${step.text}${web}`);
    }
  }
  const plan = o.outcome.payoffPlan;
  if (plan && plan.debts.length > 0) {
    const order = plan.debts
      .map(
        (d, k) =>
          `${k + 1}. ${d.name}: ${formatDollars(d.balance)} owed, ${formatDollars(d.payment)} a month`,
      )
      .join('; ');
    paragraphs.push(`Your payoff plan, highest interest rate first: ${order}.`);
    const sentences = payoffPlanSentences(plan, o.today);
    paragraphs.push(`${sentences.debtFree} ${sentences.extra}`);
    for (const d of plan.debts) {
      const warning = belowInterestWarning(d, o.today);
      if (warning) paragraphs.push(warning);
    }
  }
  return render('not-qualified', o.to, 'About your Debt Management Plan application', paragraphs, {
    label: 'Read this again on our website',
    url: `${o.publicUrl}/offers/not-qualified`,
  });
}

/** A calendar date (YYYY-MM-DD) as a person reads it: "March 15". */
const dayInWords = (isoDate: string) =>
  new Date(`${isoDate}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

/**
 * The account the plan's payment is drawn from looks short of it a few days before the draft. No amounts:
 * the customer sees them in their bank, and an email is not the place for balances.
 */
export const lowBalanceEmail = (o: {
  to: string;
  firstName: string | null;
  publicUrl: string;
  paymentDate: string;
}) =>
  render(
    'alert-low-balance',
    o.to,
    'Your plan payment is coming up',
    [
      `Hi${o.firstName ? ` ${o.firstName}` : ''}, your next debt management plan payment is drawn on ${dayInWords(o.paymentDate)}, and the balance of the account it is drawn from looks lower than the payment.`,
      'If you can, move money into the account before then. If you cannot, call us before the payment date: a counsellor can help you find a way, and a returned payment can cost you a bank fee.',
    ],
    { label: 'Your alerts', url: `${o.publicUrl}/customer-portal/alerts` },
  );

/** The bank connection stopped working: payments and the plan's checks need it back. */
export const bankDisconnectedEmail = (o: { to: string; firstName: string | null; publicUrl: string }) =>
  render(
    'alert-bank-disconnected',
    o.to,
    'Please reconnect your bank',
    [
      `Hi${o.firstName ? ` ${o.firstName}` : ''}, we can no longer reach the bank account you connected for your debt management plan. This usually happens after a password change at your bank.`,
      'Sign in, open Alerts and choose Reconnect your bank; it takes a minute. Until then we cannot warn you before a payment might not go through.',
    ],
    { label: 'Reconnect your bank', url: `${o.publicUrl}/customer-portal/alerts` },
  );

/** 'Capital One', 'Capital One and Citi', 'Capital One, Citi and Discover'. */
const namesInWords = (names: readonly string[]): string =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

/**
 * A creditor's answer changed the plan the borrower authorized: in plain words, which creditors they now pay
 * directly and about how much, the new amount drawn each month and the draft it applies from. A higher amount
 * is not drawn until they confirm it on My plan. Every figure comes from the plan's terms (planChange).
 */
export function planChangedEmail(o: {
  to: string;
  name: string;
  publicUrl: string;
  change: PlanChange;
}): EmailMessage {
  const { change } = o;
  const paragraphs = [
    `Hi ${o.name}, a creditor has answered the plan we proposed, and your plan has changed.`,
  ];
  const declined = change.declinedByCreditor;
  if (declined.length > 0) {
    const names = namesInWords(declined.map((c) => c.creditorName));
    paragraphs.push(
      `${names} declined the plan, so ${declined.length === 1 ? 'it is' : 'they are'} not on it. Please keep paying ${declined.length === 1 ? 'it' : 'them'} yourself, as you do today: ` +
        declined.map((c) => `${c.creditorName} about ${formatDollars(c.currentPayment)} a month`).join(', ') +
        '.',
    );
  }
  const from = change.appliesFrom ? formatLetterDate(change.appliesFrom) : null;
  const now = formatUsd(change.monthlyDraft);
  const was = formatUsd(change.authorizedMonthlyDraft);
  if (change.needsConfirmation) {
    paragraphs.push(
      `The amount drawn each month for your plan is now ${now}, more than the ${was} you authorized. We will not draw the higher amount until you confirm the new terms on My plan; until then we keep drawing ${was}.`,
      from
        ? `If you confirm now, ${now} is drawn from your draft on ${from}. You can also call us to talk it over first.`
        : 'You can also call us to talk it over first.',
    );
  } else if (change.monthlyDraft !== change.authorizedMonthlyDraft) {
    paragraphs.push(
      from
        ? `The amount drawn each month for your plan changes from ${was} to ${now}, from your draft on ${from}. Drafts before then stay at ${was}.`
        : `The amount drawn each month for your plan changes from ${was} to ${now}.`,
    );
  } else {
    paragraphs.push(`The amount drawn each month for your plan stays ${now}.`);
  }
  return render(
    'plan-changed',
    o.to,
    change.needsConfirmation
      ? 'Please confirm your new plan payment'
      : 'Your debt management plan has changed',
    paragraphs,
    {
      label: change.needsConfirmation ? 'Confirm the new amount on My plan' : 'See your plan',
      url: `${o.publicUrl}/customer-portal/plan`,
    },
  );
}

/**
 * To each signer of the letter when the borrower moves the monthly draft to another day in Settings: the new
 * day, the first draft on it, the drafts that stay where they were, and who to call if it was not them.
 */
export function draftDayChangedEmail(o: {
  to: string;
  name: string;
  publicUrl: string;
  monthlyDraft: number;
  change: Pick<DraftDayChange, 'draftDay' | 'firstDraftOnNewDay' | 'draftsBeforeChange'>;
}): EmailMessage {
  const { change } = o;
  const paragraphs = [
    `Hi ${o.name}, your monthly draft of ${formatUsd(o.monthlyDraft)} for your debt management plan moves to the ${ordinal(change.draftDay)} of each month, starting with your draft on ${formatLetterDate(change.firstDraftOnNewDay)}.`,
  ];
  if (change.draftsBeforeChange.length > 0) {
    paragraphs.push(
      `${change.draftsBeforeChange.length === 1 ? 'Your draft' : 'Your drafts'} on ${namesInWords(change.draftsBeforeChange.map(formatLetterDate))} ${change.draftsBeforeChange.length === 1 ? 'stays' : 'stay'} as planned.`,
    );
  }
  paragraphs.push(
    `There is still one draft a month, so the number of drafts and their amounts do not change. ${DRAFT_ON_NON_BUSINESS_DAY}`,
    'If you did not make this change, please call us right away.',
  );
  return render('draft-day-changed', o.to, 'Your plan’s draft day has changed', paragraphs, {
    label: 'See your plan',
    url: `${o.publicUrl}/customer-portal/plan`,
  });
}
