import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import englishCatalog from '../../src/domain/i18n/catalogs/en.json';
import { OUTCOME_TEXTS, OUTCOMES } from '#domain/underwriting/outcomes';

// Finds English in a text a Spanish reader reads (an email, a text, a page's words): runs of the English
// catalog's messages (each message's words between its placeholders, two words or more), the sentences of the
// domain's OUTCOME_TEXTS, and English months as the domain writes them ("March 2028").

const english = englishCatalog as Record<string, { defaultMessage: string }>;

/**
 * English that is the same in Spanish, so finding it in a Spanish text is no fault. Each with its reason;
 * keep this short: anything else found is English a Spanish reader should not meet.
 */
const SAME_IN_BOTH: Record<string, string> = {
  'Clearpath Debt Relief': 'the company name, a proper noun',
  '123 Main Street, Anytown': 'a sample US postal address, written the same in both languages',
  'soft inquiry':
    'the Spanish legal text glosses "consulta de crédito blanda" with the English term in parentheses, as ' +
    'US credit reports name it',
};

/** A run of words long enough to be English text rather than a name or a number: two words or more. */
const isSentenceLike = (fragment: string) => (fragment.match(/\p{L}{2,}/gu) ?? []).length >= 2;

/** A message's literal runs of text (between placeholders, inside plural and select cases too). */
export function literalRuns(message: string): string[] {
  const runs: string[] = [];
  let current = '';
  const flush = () => {
    if (current.trim() !== '') runs.push(current.trim().replace(/\s+/g, ' '));
    current = '';
  };
  const visit = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if (element.type === TYPE.literal) current += element.value;
      else if (element.type === TYPE.plural || element.type === TYPE.select) {
        flush();
        for (const option of Object.values(element.options)) {
          visit(option.value);
          flush();
        }
      } else if (element.type === TYPE.tag) {
        flush();
        visit(element.children);
        flush();
      } else if (element.type === TYPE.pound) current += '1';
      else flush();
    }
  };
  visit(parse(message));
  flush();
  return runs;
}

/** Punctuation a run begins or ends with ("Hi ", ", thanks for…") is not what makes it English. */
const trimPunctuation = (run: string) => run.replace(/^[\s\p{P}]+|[\s\p{P}]+$/gu, '');

const domainEnglish = OUTCOMES.flatMap((outcome) => {
  const text = OUTCOME_TEXTS[outcome];
  return [
    text.title,
    text.why,
    ...text.nextSteps.flatMap((step) => [step.title, step.text, step.link?.label ?? '']),
  ];
});

/** Every English run worth looking for, each with where it comes from. */
const ENGLISH_RUNS: { run: string; from: string }[] = (() => {
  const seen = new Map<string, string>();
  for (const [id, { defaultMessage }] of Object.entries(english))
    for (const run of literalRuns(defaultMessage).map(trimPunctuation))
      if (isSentenceLike(run) && !seen.has(run)) seen.set(run, `catalog ${id}`);
  for (const text of domainEnglish)
    for (const sentence of text.split(/(?<=[.:;?])\s+/).map(trimPunctuation))
      if (isSentenceLike(sentence) && !seen.has(sentence)) seen.set(sentence, 'OUTCOME_TEXTS');
  return [...seen].map(([run, from]) => ({ run, from }));
})();

/** An English month and year as the domain's debtFreeMonth writes it ('March 2028'). */
const ENGLISH_MONTH =
  /\b(January|February|March|April|May|June|July|August|September|October|November|December) \d{4}\b/;

/** The English a Spanish text holds: runs of the English catalog (whole words), and English months. */
export function englishIn(text: string): string[] {
  let rest = text;
  for (const same of Object.keys(SAME_IN_BOTH)) rest = rest.split(same).join(' ');
  const found = ENGLISH_RUNS.filter(({ run }) => containsWords(rest, run)).map(
    ({ run, from }) => `"${run}" (${from})`,
  );
  const month = ENGLISH_MONTH.exec(rest);
  if (month) found.push(`"${month[0]}" (an English month)`);
  return found;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const containsWords = (text: string, run: string) =>
  text.includes(run) && new RegExp(`(?<![\\p{L}\\p{N}])${escape(run)}(?![\\p{L}\\p{N}])`, 'u').test(text);
