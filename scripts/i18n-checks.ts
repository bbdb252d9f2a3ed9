/**
 * The catalog checks of scripts/i18n.ts that read messages (docs/decisions/0096-translations-with-formatjs.md):
 * whether a translation asks the same of its caller as the English, and whether it uses the glossary's terms.
 */
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

/**
 * A financial term and its fixed Spanish (a singular and a plural where the term has both), and the words a
 * translation of it must not use (`not`: the other names it had, so that one thing keeps one name).
 */
export type GlossaryTerm = { en: string; es: string | string[]; not?: string[] };

/** The glossary's terms a translation misses: a term the English uses, rendered otherwise in the Spanish. */
export function glossaryMisses(english: string, spanish: string, terms: GlossaryTerm[]): string[] {
  const misses: string[] = [];
  for (const term of terms) {
    const renderings = typeof term.es === 'string' ? [term.es] : term.es;
    // Only the words of the message, not its placeholders' names ({creditor} is not the word "creditor").
    if (!wordStart(term.en).test(wordsOf(english))) continue;
    if (!renderings.some((es) => wordStart(es).test(wordsOf(spanish))))
      misses.push(`"${term.en}" is rendered ${renderings.map((es) => `"${es}"`).join(' or ')}`);
    for (const other of term.not ?? [])
      if (wordStart(other).test(wordsOf(spanish))) misses.push(`"${term.en}" is not called "${other}"`);
  }
  return misses;
}

/** A message's own words: its text, and the text of its plural and select cases, without placeholders. */
export function wordsOf(message: string): string {
  const words: string[] = [];
  const visit = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if (element.type === TYPE.literal) words.push(element.value);
      else if (element.type === TYPE.plural || element.type === TYPE.select)
        for (const option of Object.values(element.options)) visit(option.value);
      else if (element.type === TYPE.tag) visit(element.children);
      else words.push(' ');
    }
  };
  try {
    visit(parse(message));
  } catch {
    return message; // reported as invalid above
  }
  return words.join('');
}

/** A term at the start of a word, any case: 'creditor' finds "Creditors" but not "noncreditor". */
function wordStart(term: string): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}])${term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'iu');
}

/**
 * What a message asks of its caller: each placeholder with its kind (plain, number, date, plural, select,
 * tag) and, for plurals and selects, the cases a translation must keep (a select's cases are the caller's
 * values; a plural's are the language's own, so only `other`, which every language has, must be there).
 */
function shapeOf(message: string): Set<string> {
  const shape = new Set<string>();
  const visit = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      switch (element.type) {
        case TYPE.argument:
          shape.add(`{${element.value}}`);
          break;
        case TYPE.number:
          shape.add(`{${element.value}, number}`);
          break;
        case TYPE.date:
        case TYPE.time:
          shape.add(`{${element.value}, date or time}`);
          break;
        case TYPE.plural:
          shape.add(`{${element.value}, plural, other}`);
          for (const option of Object.values(element.options)) visit(option.value);
          break;
        case TYPE.select:
          for (const [key, option] of Object.entries(element.options)) {
            shape.add(`{${element.value}, select, ${key}}`);
            visit(option.value);
          }
          break;
        case TYPE.tag:
          shape.add(`<${element.value}>`);
          visit(element.children);
          break;
        default:
          break;
      }
    }
  };
  visit(parse(message));
  return shape;
}

export function compareShapes(english: string, spanish: string): string | undefined {
  let expected: Set<string>;
  let actual: Set<string>;
  try {
    expected = shapeOf(english);
    actual = shapeOf(spanish);
  } catch (error) {
    return `not a valid message: ${(error as Error).message}`;
  }
  const missing = [...expected].filter((part) => !actual.has(part));
  const extra = [...actual].filter((part) => !expected.has(part));
  if (missing.length === 0 && extra.length === 0) return undefined;
  return [
    missing.length > 0 ? `the Spanish lacks ${missing.join(', ')}` : '',
    extra.length > 0 ? `the Spanish adds ${extra.join(', ')}` : '',
  ]
    .filter(Boolean)
    .join('; ');
}
