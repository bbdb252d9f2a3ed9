/**
 * Which file of the compiled catalogs each message goes to (scripts/i18n.ts writes them; catalog.ts and
 * all-catalogs.ts read them). Chosen by the id's beginning, so a message's place follows from its name.
 *
 * - `server`: what only the server sends (emails, texts, letters). The browser never downloads it.
 * - `landing`: what the landing pages draw (their own texts, the site's header and footer, the shared widgets,
 *   the lead form's field messages). A visitor's first tap on a landing page fetches this part only, about a
 *   quarter of the browser's messages; the rest follows in the background (src/web/lib/i18n.tsx). A test
 *   draws every landing page, in both languages and with its form answered, from this part alone.
 * - `app`: everything else the browser draws.
 */
export type CatalogPart = 'server' | 'landing' | 'app';

const SERVER = ['email.', 'sms.', 'letter.'];
const LANDING = [
  'debtAnalysis.',
  'debtRelief.',
  'footer.',
  'landing.',
  'layout.',
  'lead.',
  'notFound.',
  'ui.',
  'validation.',
  // The expense lines' and groups' names: the translator of the domain's messages, which every form uses,
  // knows them (a budget refusal names its line), so a landing page loads them with it.
  'apply.expenses.group.',
  'apply.expenses.line.',
  // The portal's and the signing steps' refusals: the server answers with them by id, so they are declared
  // beside the validation texts in the domain's one table of ids (MESSAGES_BY_ID), which the lead form loads.
  'portal.server.',
  'portal.draftDay.notADraftDay',
  'portal.draftDay.sameDay',
  'portal.draftDay.planEndsFirst',
  'signing.refusal.',
  'signing.consent.agreeRequired',
  'signing.sign.agreeRequired',
  'signing.sign.fullNameRequired',
  'signing.sign.fullNameInvalid',
  // The application's messages the server answers with and the page words by id: the table of every message by
  // id (message.ts), which the landing pages load with the lead form's error handling, declares them.
  'apply.budget.description',
  'apply.budget.planNotNeeded',
  'apply.budget.thin.',
  'apply.budget.wouldDisqualify.',
  'apply.notQualified.again.tooSoon',
  'outcome.explanation.',
];

export function catalogPartOf(id: string): CatalogPart {
  if (SERVER.some((prefix) => id.startsWith(prefix))) return 'server';
  if (LANDING.some((prefix) => id.startsWith(prefix))) return 'landing';
  return 'app';
}
