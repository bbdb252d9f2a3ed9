import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MESSAGES_BY_ID } from '#domain/i18n/message';

// Messages travel with their id (docs/decisions/0209-messages-travel-with-their-id.md): nothing reads an English
// sentence back to learn which message it was. The readers that did are gone, and none may come back.
const READERS = [
  'translate-message',
  'localizeMessage',
  'localizeBudgetText',
  'localizeExplanation',
  'explanationSentences',
  'localizeSandboxBankHint',
];

const root = path.resolve(import.meta.dirname, '../..');
const filesUnder = (dir: string) =>
  (readdirSync(path.join(root, dir), { recursive: true }) as string[])
    .map((file) => path.join(dir, file).split(path.sep).join('/'))
    .filter((file) => /\.tsx?$/.test(file));
const everything = ['src', 'tests', 'scripts'].flatMap(filesUnder);
const sources = everything.filter(
  (file) => file.startsWith('src/') && !/\.test\.tsx?$/.test(file) && !file.startsWith('src/domain/i18n/'),
);
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

describe('messages are known by their id', () => {
  it('has no reader of English back into a message, and nothing, a test included, names one', () => {
    const self = 'tests/lint/messages-by-id.test.ts';
    const naming = everything
      .filter((file) => file !== self)
      .flatMap((file) =>
        READERS.filter((name) => read(file).includes(name)).map((name) => `${file}: ${name}`),
      );
    expect(naming).toEqual([]);
  });

  it('builds no lookup keyed by a message’s English', () => {
    // `[String(d.defaultMessage), d]` or `[formatEnglish(d), d]`: a map from the English to its message. A label
    // travels as its key (an expense line's labelKey, an account type's code) and is worded by it.
    const keyedByEnglish =
      /\[\s*(?:formatEnglish\([^)]*\)|String\([^)]*\.defaultMessage\)|[\w.]+\.defaultMessage)\s*,/;
    // `descriptors.find((d) => d.defaultMessage === english)`: the same search without a map.
    const comparedWithEnglish = /\.defaultMessage\)?\s*[!=]==|[!=]==\s*(?:String\()?[\w.]+\.defaultMessage\b/;
    const found = everything
      .filter((file) => file.startsWith('src/') && !/\.test\.tsx?$/.test(file))
      .filter((file) => keyedByEnglish.test(read(file)) || comparedWithEnglish.test(read(file)));
    expect(found).toEqual([]);
  });

  it('knows no API error in a page by the English start of its text', () => {
    const pages = sources.filter((file) => file.startsWith('src/web/'));
    const guesses = pages.filter((file) => /\.message\.startsWith\(/.test(read(file)));
    expect(guesses).toEqual([]);
  });

  it('declares each message the server answers with once, in the domain, not again in a page', () => {
    // A copy with the same id and text drifts from the original, and the catalog extractor takes either.
    const declared = sources
      .filter((file) => !file.startsWith('src/domain/'))
      .flatMap((file) =>
        [...read(file).matchAll(/\bid(?::\s*|=)['"]([^'"]+)['"]/g)]
          .map((match) => match[1]!)
          .filter((id) => MESSAGES_BY_ID.has(id))
          .map((id) => `${file}: ${id}`),
      );
    expect(declared).toEqual([]);
  });
});
