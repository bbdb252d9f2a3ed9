import { execFileSync } from 'node:child_process';
import { LANDING_PAGE_PATHS, LANGUAGES, pathInLanguage } from '#domain/i18n/language';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { journeyEnv, startServer } from '#tests/e2e/support/server';
import { buildIsCurrent } from '../scripts/build-stamp';

// The first visit paints at once. Lighthouse (its mobile defaults: a mid-range phone, slow 4G, simulated)
// loads the three landing pages from the production server, and a bare page beside them in the same run (the
// floor this machine and Lighthouse give), and prints per page the performance score, FCP, LCP, CLS and TBT
// beside their targets. It also prints the JavaScript /lead loads to become interactive, per chunk and gzipped
// from the built files: the chunks its HTML names (script and modulepreload tags) and those they import as the
// page starts, as seen in the load Lighthouse watched.
//   npm run bench:lighthouse [-- --runs N] [--build]
// Each page is loaded N times (default 3): the table prints the run with the median score, the targets the
// worst figure of the N runs (they must hold on every load); one run on two busy cores can be far off. The
// product is built first unless the build is current (scripts/build-stamp.ts).

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    /** Build even when dist/web looks current. */
    build: { type: 'boolean', default: false },
  },
});
const runs = Math.max(1, Number(args.runs));

const root = path.resolve(import.meta.dirname, '..');
const webRoot = path.join(root, 'dist/web');
const CHROME_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const TARGET = { score: 98, lcpMs: 1200, tbtMs: 50, cls: 0, landingJsKb: 20 };
// Each landing page in each language (/lead, /es/lead): both are prerendered and must paint as fast.
const PAGES = LANGUAGES.flatMap((language) =>
  LANDING_PAGE_PATHS.map((page) => pathInLanguage(page, language)),
);

// --- build if needed ---------------------------------------------------------------------------------------

if (args.build || !buildIsCurrent(root)) {
  console.log('building (npm run build)...');
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
}

// --- the JavaScript /lead loads ----------------------------------------------------------------------------

type Chunk = { file: string; gzipBytes: number };

const gzipSize = (file: string) => gzipSync(readFileSync(path.join(webRoot, file)), { level: 9 }).length;

/** The HTML /lead is answered with: its own prerendered file when there is one, else the app's shell. */
function leadHtmlFile(): string {
  for (const candidate of ['lead/index.html', 'lead.html', 'index.html']) {
    if (existsSync(path.join(webRoot, candidate))) return candidate;
  }
  throw new Error(`no index.html in ${webRoot}`);
}

/** Every script and modulepreload the HTML names: what the page loads before it runs any code of its own. */
function landingChunks(html: string): Chunk[] {
  const files = new Set<string>();
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const isScript = tag.startsWith('<script') && /type="module"/.test(tag);
    const isPreload = tag.startsWith('<link') && /rel="modulepreload"/.test(tag);
    const url = /(?:src|href)="([^"]+\.js)"/.exec(tag)?.[1];
    if ((isScript || isPreload) && url?.startsWith('/')) files.add(url.slice(1));
  }
  return [...files].map((file) => ({ file, gzipBytes: gzipSize(file) }));
}

// --- servers -----------------------------------------------------------------------------------------------

const server = await startServer(await journeyEnv());

// The floor: a bare page (a heading and a line of text, nothing to load) from a plain HTTP server on loopback.
const BARE_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Bare page</title><meta name="description" content="A bare page"></head><body><h1>A bare page</h1><p>Nothing to load.</p></body></html>`;
const bare: Server = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
  response.end(BARE_PAGE);
});
await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
const bareAddress = bare.address();
if (typeof bareAddress !== 'object' || bareAddress === null) throw new Error('no address for the bare page');
const bareUrl = `http://127.0.0.1:${bareAddress.port}/`;

// --- Lighthouse ---------------------------------------------------------------------------------------------

type Measure = {
  score: number;
  fcpMs: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /** JavaScript files the page fetched during the load (paths under /assets/). */
  scripts: string[];
};

const chrome = await launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });

async function measureOnce(url: string): Promise<Measure> {
  const result = await lighthouse(url, {
    port: chrome.port,
    logLevel: 'error',
    onlyCategories: ['performance'],
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests = (
    lhr.audits['network-requests']?.details as { items?: { url: string; resourceType?: string }[] }
  )?.items;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcpMs: value('first-contentful-paint'),
    lcpMs: value('largest-contentful-paint'),
    cls: value('cumulative-layout-shift'),
    tbtMs: value('total-blocking-time'),
    scripts: (requests ?? [])
      .filter((item) => item.resourceType === 'Script')
      .map((item) => new URL(item.url).pathname.slice(1)),
  };
}

/** Lighthouse now and then loses a trace (NO_NAVSTART on a busy machine): such a load is measured again. */
async function withRetries<T>(measureIt: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await measureIt();
    } catch (error) {
      if (attempt >= attempts) throw error;
      console.log(`  (${error instanceof Error ? error.message : String(error)}: measuring again)`);
    }
  }
}

type Measured = Measure & {
  scores: number[];
  /** The worst of the N loads, figure by figure: the targets must hold on every load. */
  worst: { score: number; lcpMs: number; tbtMs: number; cls: number };
};

/** N loads of one page; the one with the median score stands for the page, the worst figures for the targets. */
async function measure(url: string): Promise<Measured> {
  const all: Measure[] = [];
  for (let i = 0; i < runs; i++) all.push(await withRetries(() => measureOnce(url)));
  const sorted = [...all].sort((a, b) => a.score - b.score);
  return {
    ...sorted[Math.floor((sorted.length - 1) / 2)]!,
    scores: all.map((m) => m.score),
    worst: {
      score: Math.min(...all.map((m) => m.score)),
      lcpMs: Math.max(...all.map((m) => m.lcpMs)),
      tbtMs: Math.max(...all.map((m) => m.tbtMs)),
      cls: Math.max(...all.map((m) => m.cls)),
    },
  };
}

const results: { name: string; measure: Measured }[] = [];
try {
  results.push({ name: 'bare page (baseline)', measure: await measure(bareUrl) });
  for (const page of PAGES) results.push({ name: page, measure: await measure(`${server.url}${page}`) });
} finally {
  chrome.kill();
  bare.close();
  await server.stop();
}

// --- report -------------------------------------------------------------------------------------------------

const verdict = (met: boolean) => (met ? 'met' : 'not met');
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const lighthouseVersion = (
  JSON.parse(readFileSync(path.join(root, 'node_modules/lighthouse/package.json'), 'utf8')) as {
    version: string;
  }
).version;
console.log(
  `\nLighthouse ${lighthouseVersion}, mobile defaults (simulated slow 4G, 4x CPU slowdown), median of ${runs} run(s) per page\n`,
);
const header = ['page', 'score', 'FCP', 'LCP', 'CLS', 'TBT', 'scores of the runs'];
const rows = results.map(({ name, measure: m }) => [
  name,
  String(m.score),
  seconds(m.fcpMs),
  seconds(m.lcpMs),
  m.cls.toFixed(3),
  `${Math.round(m.tbtMs)} ms`,
  m.scores.join(', '),
]);
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
for (const row of [header, ...rows]) console.log(row.map((cell, i) => cell.padEnd(widths[i]!)).join('  '));

console.log(`\nTargets (the landing pages), on every one of the ${runs} load(s): the worst load's figure`);
for (const { name, measure: m } of results.slice(1)) {
  const { worst } = m;
  console.log(
    `  ${name.padEnd(15)} performance ${worst.score} (target ≥ ${TARGET.score}: ${verdict(worst.score >= TARGET.score)}), ` +
      `LCP ${seconds(worst.lcpMs)} (target ≤ ${seconds(TARGET.lcpMs)}: ${verdict(worst.lcpMs <= TARGET.lcpMs)}), ` +
      `TBT ${Math.round(worst.tbtMs)} ms (target ≤ ${TARGET.tbtMs} ms: ${verdict(worst.tbtMs <= TARGET.tbtMs)}), ` +
      `CLS ${worst.cls.toFixed(3)} (target ${TARGET.cls}: ${verdict(worst.cls <= TARGET.cls + 0.0005)})`,
  );
}

// What /lead loads: the chunks its HTML names (script and modulepreload tags), then the ones those import as the
// page starts (read from the load Lighthouse watched; nothing is clicked or typed, so the lead form's
// validation, fetched when a visitor starts on the form, is not among them). The target is on the sum.
const htmlFile = leadHtmlFile();
const named = landingChunks(readFileSync(path.join(webRoot, htmlFile), 'utf8'));
const namedFiles = new Set(named.map((chunk) => chunk.file));
const lead = results.find((r) => r.name === '/lead')!.measure;
const imported = [...new Set(lead.scripts)]
  .filter((file) => !namedFiles.has(file) && existsSync(path.join(webRoot, file)))
  .map((file) => ({ file, gzipBytes: gzipSize(file) }));
const sum = (chunks: Chunk[]) => chunks.reduce((total, chunk) => total + chunk.gzipBytes, 0);
const total = sum(named) + sum(imported);

console.log(
  `\nLanding JavaScript of /lead run before the first interaction, per chunk (gzip -9 of the built files):`,
);
console.log(`  named in dist/web/${htmlFile} (script and modulepreload tags):`);
for (const chunk of named) console.log(`  ${kb(chunk.gzipBytes).padStart(9)}  ${chunk.file}`);
console.log(`  ${kb(sum(named)).padStart(9)}  subtotal`);
console.log('  imported by those as the page starts (seen in the Lighthouse load):');
for (const chunk of imported) console.log(`  ${kb(chunk.gzipBytes).padStart(9)}  ${chunk.file}`);
console.log(`  ${kb(sum(imported)).padStart(9)}  subtotal`);
console.log(
  `  ${kb(total).padStart(9)}  total (target ≤ ${TARGET.landingJsKb} KB: ${verdict(total <= TARGET.landingJsKb * 1024)})`,
);
