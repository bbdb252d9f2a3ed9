import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Whether the build in dist/ was made from the sources as they are now, so that `npm start` rebuilds only
// when something it builds from has changed. The stamp is a hash of those inputs' contents (not their times:
// a fresh clone or a branch switch gives every file a new time without changing it):
// - the sources: every file under src/ except tests and local files (the shipped tables are in src/data; the
//   running server's state, DATA_DIR, is never an input, so removing it to start afresh rebuilds nothing),
//   the build's own scripts and configuration, package.json and package-lock.json (a changed dependency);
// - what else the build reads: the VITE_ variables the web app embeds and Node's major version (the server
//   bundle's target). Not the calendar year: the footer's copyright is drawn with the current year in the
//   browser, and a start on New Year's day must not rebuild (an install without the dev dependencies cannot).
//   (docs/decisions/0163-shipped-tables-in-the-source-tree-and-a-stamp-without-the-year.md)
// `begin` hashes the inputs when a build starts and removes the stamp, `finish` writes that hash as the stamp
// once every step has succeeded: a build that failed or was stopped leaves no stamp, and a file changed while
// the build ran leaves a stamp that no longer matches, so the next start builds again.
//   node scripts/build-stamp.ts begin | finish | build-if-stale
// Run by Node itself (it strips the types), not tsx: `npm start` pays for this check on every start, so it
// imports nothing but Node's own modules.

const STAMP = 'dist/build-stamp.txt';
const PENDING = 'dist/build-stamp.pending.txt';

const SOURCE_DIRS = ['src'];
const SOURCE_FILES = [
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'vite.config.ts',
  'scripts/build-stamp.ts',
  'scripts/build-server.ts',
  'scripts/prerender.ts',
  'scripts/compress.ts',
];
const isTest = (file: string) => /\.test\.[cm]?[jt]sx?$/.test(file);
/** Files a person keeps beside the shipped ones (src/data/*.local.*, as .gitignore has it), not build inputs. */
const isLocal = (file: string) => /\.local\./.test(path.basename(file));

function filesUnder(root: string, dir: string): string[] {
  const full = path.join(root, dir);
  if (!existsSync(full)) return [];
  return readdirSync(full, { withFileTypes: true }).flatMap((entry) => {
    const relative = path.posix.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(root, relative) : [relative];
  });
}

/** The build's inputs under `root`, as paths from it, sorted. */
export function buildInputs(root: string): string[] {
  const sources = SOURCE_DIRS.flatMap((dir) => filesUnder(root, dir)).filter(
    (file) => !isTest(file) && !isLocal(file),
  );
  const files = SOURCE_FILES.filter((file) => existsSync(path.join(root, file)));
  return [...new Set([...sources, ...files])].sort();
}

/** The hash of the build's inputs under `root`, with the environment and Node as they are now. */
export function inputsHash(
  root: string,
  env: NodeJS.ProcessEnv = process.env,
  nodeVersion: string = process.versions.node,
): string {
  const hash = createHash('sha256');
  for (const file of buildInputs(root)) {
    hash.update(`file ${file}\0`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  for (const name of Object.keys(env)
    .filter((key) => key.startsWith('VITE_'))
    .sort()) {
    hash.update(`env ${name}=${env[name] ?? ''}\0`);
  }
  hash.update(`node ${nodeVersion.split('.')[0]}\0`);
  return hash.digest('hex');
}

/** A build starts: the stamp goes, and the hash of the inputs it builds from waits for its end. */
export function beginBuild(root: string, hash = inputsHash(root)): void {
  mkdirSync(path.join(root, 'dist'), { recursive: true });
  rmSync(path.join(root, STAMP), { force: true });
  writeFileSync(path.join(root, PENDING), `${hash}\n`);
}

/** Every step of the build succeeded: the hash taken at its start becomes the stamp. */
export function finishBuild(root: string): void {
  if (!existsSync(path.join(root, PENDING))) {
    throw new Error(`${PENDING} is missing: a build ends with finish after it began with begin`);
  }
  renameSync(path.join(root, PENDING), path.join(root, STAMP));
}

/** Whether dist/ holds a complete build of the inputs as they are now. */
export function buildIsCurrent(root: string, hash = inputsHash(root)): boolean {
  const stamp = path.join(root, STAMP);
  return existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === hash;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(import.meta.dirname, '..');
  const command = process.argv[2];
  if (command === 'begin') beginBuild(root);
  else if (command === 'finish') finishBuild(root);
  else if (command === 'build-if-stale') {
    if (buildIsCurrent(root)) {
      console.log('The build in dist/ is current: starting without building.');
    } else {
      console.log('The sources changed since the last build (or there is none): building first.');
      // npm runs this under `npm start`, so it is on the PATH, and the build runs on the same Node.
      const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
      if (build.status !== 0) process.exit(build.status ?? 1);
    }
  } else {
    console.error('Usage: node scripts/build-stamp.ts begin | finish | build-if-stale');
    process.exit(2);
  }
}
