import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { MARKED_ANSWER } from '#domain/validation/lead-form-answer';
import { answeredLeadPageFile } from '#server/web-app';
import { LANGUAGES } from '#domain/i18n/language';

// The second step of `npm run build`, after `vite build` has written the browser's app to dist/web:
// - the landing pages drawn to HTML (src/web/prerender.tsx), each written as dist/web/<page>/index.html, which
//   the server answers for that path: the app's index.html with the page's markup in its root and its title.
//   Their scripts are marked low priority: the page paints without them (main.tsx runs the app at first use);
// - /lead once more as the server answers its form sent without the script, every field's message a marker
//   (dist/web/lead/answered.html, and dist/web/es/lead/answered.html in Spanish): the server fills it in (src/domain/validation/answered-lead-page.ts);
// - the app's index.html, which every other page starts from (empty, drawn by the script), gets modulepreload
//   links for the app's chunks (boot.tsx and what it imports), so the browser fetches them with the entry
//   instead of after it.
//   tsx scripts/prerender.ts [--out-dir dist/web]

type ManifestChunk = { file: string; imports?: string[] };
type Manifest = Record<string, ManifestChunk>;
type PrerenderModule = typeof import('#web/prerender');

const root = path.resolve(import.meta.dirname, '..');
const outDirArg = process.argv.indexOf('--out-dir');
const webRoot = path.resolve(root, outDirArg === -1 ? 'dist/web' : process.argv[outDirArg + 1]!);
// Inside the repository, so the Node build finds the packages it leaves out (react, react-router) in node_modules.
const serverOutDir = path.join(root, '.tmp', `prerender-${randomUUID()}`);
const manifestPath = path.join(webRoot, '.vite/manifest.json');

if (!existsSync(manifestPath)) {
  throw new Error(`${manifestPath} is missing: run vite build (with build.manifest) first`);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
const shellPath = path.join(webRoot, 'index.html');
const shell = readFileSync(shellPath, 'utf8');

const replaceOnce = (html: string, search: string | RegExp, replacement: string) => {
  const matches = html.match(new RegExp(search, 'g'));
  if (matches?.length !== 1) throw new Error(`index.html should hold ${String(search)} exactly once`);
  return html.replace(search, () => replacement);
};

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

// --- the landing pages --------------------------------------------------------------------------------------

// The prerendering entry built for Node, with the same configuration as the browser's build.
await build({
  configFile: path.join(root, 'vite.config.ts'),
  logLevel: 'warn',
  build: { ssr: 'prerender.tsx', outDir: serverOutDir, emptyOutDir: true, sourcemap: false, manifest: false },
});
try {
  const { PRERENDERED_PATHS, renderPage } = (await import(
    pathToFileURL(path.join(serverOutDir, 'prerender.js')).href
  )) as PrerenderModule;

  const pages = [
    ...PRERENDERED_PATHS.map(({ path: page, language, address }) => ({
      page,
      language,
      file: `${address.slice(1)}/index.html`,
      answer: undefined,
    })),
    ...LANGUAGES.map((language) => ({
      page: '/lead',
      language,
      file: answeredLeadPageFile(language),
      answer: MARKED_ANSWER,
    })),
  ];
  for (const { page, language, file, answer } of pages) {
    const { html, title } = await renderPage(page, answer, language);
    let document = replaceOnce(shell, /<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`);
    document = replaceOnce(document, /<html lang="[a-z-]*"/, `<html lang="${language}"`);
    document = replaceOnce(document, '<div id="root"></div>', `<div id="root">${html}</div>`);
    // The page paints from its HTML and stylesheet alone; its scripts only take it over afterwards. At low
    // priority they never hold up the stylesheet on a slow connection.
    document = document.replace(
      /<(script type="module"|link rel="modulepreload")/g,
      '<$1 fetchpriority="low"',
    );

    const target = path.join(webRoot, file);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, document);
    console.log(
      `prerendered ${page} → ${path.relative(root, target)} (${(document.length / 1024).toFixed(1)} KB)`,
    );
  }
} finally {
  rmSync(serverOutDir, { recursive: true, force: true });
}

// --- the app's index.html -----------------------------------------------------------------------------------

/** A module's chunk and every chunk it imports statically, as the browser will fetch them. */
function chunksOf(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  if (!manifest[key]) throw new Error(`no chunk for ${key} in the build's manifest (was the module moved?)`);
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) chunksOf(imported, seen);
  return seen;
}

const bootLinks = [...chunksOf('boot.tsx')]
  .map((key) => manifest[key]!.file)
  .filter((file) => !shell.includes(`/${file}"`))
  .map((file) => `    <link rel="modulepreload" crossorigin href="/${file}">\n`);
writeFileSync(shellPath, replaceOnce(shell, /\n\s*<\/head>/, `\n${bootLinks.join('')}  </head>`));

// The manifest has been read; it is not for the browser.
rmSync(path.join(webRoot, '.vite'), { recursive: true, force: true });
