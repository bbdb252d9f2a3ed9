/**
 * What each candidate translation library adds to a page's JavaScript: the same one-message React component
 * ("Hola, {name}", an ICU placeholder) bundled and minified for the browser with each library, React left out
 * (the page loads it anyway), gzipped at level 9. It installs the candidates into a temporary directory (the
 * project depends on one of them only), so it needs the npm registry. docs/decisions/0096-translations-with-formatjs.md
 * records the figures and the choice.
 *
 *   npm run bench:i18n
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const PACKAGES = [
  'react@19',
  'react-dom@19',
  'react-intl@12',
  '@formatjs/intl@6',
  '@lingui/core@6',
  '@lingui/react@6',
  'i18next@27',
  'react-i18next@18',
];

interface Candidate {
  name: string;
  source: string;
  alias?: Record<string, string>;
}

const CANDIDATES: Candidate[] = [
  {
    name: 'Lingui, compiled catalog',
    source: `
      import { i18n } from '@lingui/core';
      import { I18nProvider, Trans } from '@lingui/react';
      i18n.load('es', { greeting: ['Hola, ', ['name']] });
      i18n.activate('es');
      export const Page = ({ name }) => <I18nProvider i18n={i18n}><Trans id="greeting" values={{ name }} /></I18nProvider>;`,
  },
  {
    name: 'react-intl, pre-compiled messages, no parser',
    source: `
      import { IntlProvider, FormattedMessage } from 'react-intl';
      const messages = { greeting: [{ type: 0, value: 'Hola, ' }, { type: 1, value: 'name' }] };
      export const Page = ({ name }) => <IntlProvider locale="es-US" messages={messages}><FormattedMessage id="greeting" values={{ name }} /></IntlProvider>;`,
    alias: { '@formatjs/icu-messageformat-parser': '@formatjs/icu-messageformat-parser/no-parser.js' },
  },
  {
    name: 'react-intl, messages parsed in the browser',
    source: `
      import { IntlProvider, FormattedMessage } from 'react-intl';
      const messages = { greeting: 'Hola, {name}' };
      export const Page = ({ name }) => <IntlProvider locale="es-US" messages={messages}><FormattedMessage id="greeting" values={{ name }} /></IntlProvider>;`,
  },
  {
    name: 'i18next + react-i18next (its own format, not ICU)',
    source: `
      import i18n from 'i18next';
      import { initReactI18next, useTranslation } from 'react-i18next';
      i18n.use(initReactI18next).init({ lng: 'es', resources: { es: { translation: { greeting: 'Hola, {{name}}' } } } });
      export const Page = ({ name }) => { const { t } = useTranslation(); return <p>{t('greeting', { name })}</p>; };`,
  },
];

const dir = mkdtempSync(path.join(os.tmpdir(), 'dmp-i18n-bench-'));
try {
  writeFileSync(path.join(dir, 'package.json'), '{"name":"i18n-bench","private":true}');
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--silent', ...PACKAGES], {
    cwd: dir,
    stdio: 'inherit',
  });
  const installed = (name: string) =>
    JSON.parse(execFileSync('npm', ['ls', name, '--json', '--depth=0'], { cwd: dir }).toString())
      .dependencies[name].version as string;

  console.log(`One-message React component, minified for the browser, React excluded, gzip -9.`);
  console.log(
    `Versions: react-intl ${installed('react-intl')}, @lingui/core ${installed('@lingui/core')}, ` +
      `i18next ${installed('i18next')}, react-i18next ${installed('react-i18next')}\n`,
  );
  const rows: [string, number, number][] = [];
  for (const candidate of CANDIDATES) {
    const entry = path.join(dir, `${rows.length}.jsx`);
    writeFileSync(entry, candidate.source);
    const alias = Object.fromEntries(
      Object.entries(candidate.alias ?? {}).map(([from, to]) => [from, path.join(dir, 'node_modules', to)]),
    );
    const result = await build({
      entryPoints: [entry],
      absWorkingDir: dir,
      bundle: true,
      minify: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      jsx: 'automatic',
      write: false,
      alias,
      external: ['react', 'react-dom', 'react/jsx-runtime'],
      define: { 'process.env.NODE_ENV': '"production"' },
      logLevel: 'error',
    });
    const code = result.outputFiles[0]!.contents;
    rows.push([candidate.name, code.length, gzipSync(code, { level: 9 }).length]);
  }
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  console.log('| Library | Minified | Gzipped |\n| --- | --- | --- |');
  for (const [name, raw, gz] of rows) console.log(`| ${name} | ${kb(raw)} | ${kb(gz)} |`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
