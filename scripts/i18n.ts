/**
 * The translation catalogs (docs/decisions/0096-translations-with-formatjs.md).
 *
 *   npm run i18n          extract the English messages from the source, check the Spanish, compile both
 *   npm run i18n:check    the same, writing nothing: fails when a generated file is out of date or a check fails
 *
 * Sources and outputs, all under src/domain/i18n/:
 * - catalogs/en.json (generated): every message the source declares (`defineMessages`, `formatMessage`,
 *   `<FormattedMessage>`), by id, with its English text.
 * - catalogs/es/<area>.json (written by hand): per id, the English it translates and the Spanish. Split by area
 *   so that people translating different screens do not edit the same file.
 * - compiled/landing-<language>.json, compiled/<language>.json and compiled/server-<language>.json (generated):
 *   the messages parsed ahead of time, so neither the browser nor the server parses a message at run time, in
 *   three parts (src/domain/i18n/catalog-parts.ts): what the landing pages draw, the rest of the browser's, and
 *   what only the server sends, which the browser never downloads.
 *
 * The checks: every message has a Spanish translation; each translation was made from the English as it is now
 * (an English text changed since is reported, so the Spanish is looked at again); no translation is left for a
 * message that is gone; both languages have the same placeholders, plurals, selects and tags; the glossary's financial terms
 * (src/domain/i18n/glossary.json) are rendered as it says.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { catalogPartOf, type CatalogPart } from '../src/domain/i18n/catalog-parts';
import { compareShapes, glossaryMisses, type GlossaryTerm } from './i18n-checks';

const root = path.resolve(import.meta.dirname, '..');
const i18nDir = path.join(root, 'src/domain/i18n');
const spanishDir = path.join(i18nDir, 'catalogs/es');

type Extracted = Record<string, { defaultMessage: string; description?: string }>;
type Translations = Record<string, { en: string; es: string }>;

const checkOnly = process.argv.includes('--check');
const formatjs = path.join(root, 'node_modules/.bin/formatjs');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'dmp-i18n-'));
const problems: string[] = [];
const stale: string[] = [];

try {
  // 1. Extract the English from the source (tests and the generated files excluded).
  const extractedPath = path.join(tmp, 'en.json');
  execFileSync(
    formatjs,
    [
      'extract',
      'src/**/*.{ts,tsx}',
      '--ignore',
      '**/*.test.ts',
      '**/*.test.tsx',
      '**/*.d.ts',
      '--out-file',
      extractedPath,
      '--throws',
    ],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const english = sortKeys(JSON.parse(readFileSync(extractedPath, 'utf8')) as Extracted);

  // 2. Read the Spanish, area by area.
  const spanish: Translations = {};
  const areaOf: Record<string, string> = {};
  for (const file of readdirSync(spanishDir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const area = JSON.parse(readFileSync(path.join(spanishDir, file), 'utf8')) as Translations;
    for (const [id, entry] of Object.entries(area)) {
      if (areaOf[id] !== undefined) problems.push(`${id}: translated in both ${areaOf[id]} and ${file}`);
      areaOf[id] = file;
      spanish[id] = entry;
    }
  }

  // 3. Check them against the English.
  for (const [id, { defaultMessage }] of Object.entries(english)) {
    const translation = spanish[id];
    if (translation === undefined) {
      problems.push(`${id}: no Spanish translation of ${JSON.stringify(defaultMessage)}`);
      continue;
    }
    if (translation.en !== defaultMessage)
      stale.push(
        `${id} (${areaOf[id]}): the English is now ${JSON.stringify(defaultMessage)}; ` +
          `the Spanish translates ${JSON.stringify(translation.en)}`,
      );
    const difference = compareShapes(defaultMessage, translation.es);
    if (difference) problems.push(`${id} (${areaOf[id]}): ${difference}`);
  }
  // The glossary's terms, rendered the same way everywhere.
  const glossary = JSON.parse(readFileSync(path.join(i18nDir, 'glossary.json'), 'utf8')) as {
    terms: GlossaryTerm[];
  };
  for (const [id, { defaultMessage }] of Object.entries(english)) {
    const translation = spanish[id];
    if (translation === undefined) continue;
    for (const miss of glossaryMisses(defaultMessage, translation.es, glossary.terms))
      problems.push(`${id} (${areaOf[id]}): ${miss} (src/domain/i18n/glossary.json)`);
  }
  for (const id of Object.keys(spanish))
    if (english[id] === undefined)
      problems.push(`${id} (${areaOf[id]}): translates a message the source no longer has`);

  // 4. Compile: the browser's catalogs and the server's.
  const outputs: Record<string, string> = { 'catalogs/en.json': `${JSON.stringify(english, null, 2)}\n` };
  const texts = {
    en: Object.fromEntries(Object.entries(english).map(([id, m]) => [id, m.defaultMessage])),
    es: Object.fromEntries(Object.entries(spanish).map(([id, m]) => [id, m.es])),
  };
  for (const [language, messages] of Object.entries(texts)) {
    const inPart = (part: CatalogPart) => pick(messages, (id) => catalogPartOf(id) === part);
    const parts = {
      [`compiled/landing-${language}.json`]: inPart('landing'),
      [`compiled/${language}.json`]: inPart('app'),
      [`compiled/server-${language}.json`]: inPart('server'),
    };
    for (const [file, part] of Object.entries(parts)) {
      if (Object.keys(part).length === 0) {
        outputs[file] = '{}\n';
        continue;
      }
      const input = path.join(tmp, `in-${language}.json`);
      const output = path.join(tmp, `out-${language}.json`);
      writeFileSync(input, JSON.stringify(part));
      execFileSync(formatjs, ['compile', input, '--ast', '--format', 'simple', '--out-file', output], {
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      outputs[file] = `${JSON.stringify(sortKeys(JSON.parse(readFileSync(output, 'utf8'))))}\n`;
    }
  }

  const outOfDate = Object.entries(outputs).filter(
    ([file, text]) => readOr(path.join(i18nDir, file)) !== text,
  );
  if (checkOnly) {
    for (const [file] of outOfDate) problems.push(`src/domain/i18n/${file} is out of date: run npm run i18n`);
  } else {
    for (const [file, text] of outOfDate) writeFileSync(path.join(i18nDir, file), text);
  }

  const count = Object.keys(english).length;
  if (problems.length > 0 || stale.length > 0) {
    for (const line of [...problems, ...stale]) console.error(`✗ ${line}`);
    console.error(`\n${problems.length + stale.length} problem(s) in the catalogs (${count} messages).`);
    process.exitCode = 1;
  } else {
    console.log(`catalogs: ${count} messages, each translated into Spanish with the same placeholders`);
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}

function readOr(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

function sortKeys<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

function pick(messages: Record<string, string>, keep: (id: string) => boolean): Record<string, string> {
  return Object.fromEntries(Object.entries(messages).filter(([id]) => keep(id)));
}
