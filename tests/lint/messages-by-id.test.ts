import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Messages travel with their id (docs/decisions/0209-messages-travel-with-their-id.md). Reading an English
// sentence back to learn which message it was (localizeMessage) is left only where the schemas' field
// messages still arrive as English; this list may only shrink, so no new page or route starts doing it.
const STILL_READ_AS_ENGLISH = [
  'src/server/plugins/error-handler.ts',
  // The web's one fallback: an API error or a field's message without an id (a text the server has no
  // message for, a schema that gives none yet) is read back here; the form fields and apiErrorText use it.
  'src/web/lib/message-text.ts',
];

const root = path.resolve(import.meta.dirname, '../..');
const sources = (readdirSync(path.join(root, 'src'), { recursive: true }) as string[])
  .map((file) => path.join('src', file).split(path.sep).join('/'))
  .filter(
    (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.startsWith('src/domain/i18n/'),
  );
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

describe('messages are known by their id', () => {
  it('reads English back into a message nowhere but the files still waiting for the schemas’ ids', () => {
    const readers = sources.filter((file) => read(file).includes('i18n/translate-message')).sort();
    expect(readers.filter((file) => !STILL_READ_AS_ENGLISH.includes(file))).toEqual([]);
    // A file that stopped leaves the list, so the list shows what is left.
    expect(STILL_READ_AS_ENGLISH.filter((file) => !readers.includes(file))).toEqual([]);
  });

  it('knows no API error in a page by the English start of its text', () => {
    const pages = sources.filter((file) => file.startsWith('src/web/'));
    const guesses = pages.filter((file) => /\.message\.startsWith\(/.test(read(file)));
    expect(guesses).toEqual([]);
  });
});
