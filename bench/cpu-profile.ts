import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';

// Reads a V8 .cpuprofile (Node's --cpu-prof, e.g. from `bench/campaign.ts --cpu-prof DIR`) of the bundled
// server and says where its CPU went: self and inclusive time per function and per package, each bundle
// position traced back to its source file through dist/server/main.js.map.
//   npx tsx bench/cpu-profile.ts FILE.cpuprofile [--top 40] [--focus NAME]
// --only TEXT: list only the functions and packages whose name or file contains TEXT (e.g. src/).
// --focus: only samples whose stack holds a function whose name or file contains NAME.
// --from S: only samples taken S seconds or more after the profile started (leaves the server's start-up out).

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    top: { type: 'string', default: '40' },
    focus: { type: 'string' },
    only: { type: 'string' },
    from: { type: 'string', default: '0' },
  },
});
const top = Number(args.top);
type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
};
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };
const profile = JSON.parse(readFileSync(positionals[0]!, 'utf8')) as Profile;

const root = path.resolve(import.meta.dirname, '..');
const map = new TraceMap(readFileSync(path.join(root, 'dist/server/main.js.map'), 'utf8'));

/** Where a frame is: its source file (relative, node_modules shortened to the package) and function name. */
const where = new Map<number, { file: string; name: string; pkg: string }>();
for (const node of profile.nodes) {
  const { functionName, url, lineNumber, columnNumber } = node.callFrame;
  let file = url || '(native)';
  if (url.endsWith('dist/server/main.js') && lineNumber >= 0) {
    const pos = originalPositionFor(map, { line: lineNumber + 1, column: columnNumber });
    if (pos.source) file = `${pos.source}`;
  }
  file = file.replace(/^.*?node_modules\//, 'node_modules/').replace(/^(\.\.\/)+/, '');
  // drizzle-orm's own source maps name its sources one folder too high (node_modules/src/...).
  file = file.replace(/^node_modules\/src\//, 'node_modules/drizzle-orm/src/');
  let pkg: string;
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
  if (nm) pkg = nm[1]!;
  else if (file.startsWith('node:') || file === '(native)' || !file.includes('/'))
    pkg = file.startsWith('node:') ? 'node' : `(${functionName || 'native'})`;
  else if (file.includes('src/')) pkg = `src/${file.split('src/')[1]!.split('/').slice(0, 2).join('/')}`;
  else pkg = file;
  where.set(node.id, { file, name: functionName || '(anonymous)', pkg });
}

const parent = new Map<number, number>();
for (const node of profile.nodes) for (const c of node.children ?? []) parent.set(c, node.id);

const self = new Map<string, number>();
const incl = new Map<string, number>();
const pkgSelf = new Map<string, number>();
const pkgIncl = new Map<string, number>();
let total = 0;
const fromMicros = Number(args.from) * 1e6;
let at = 0;
const add = (m: Map<string, number>, k: string, v: number) => m.set(k, (m.get(k) ?? 0) + v);
for (let i = 0; i < profile.samples.length; i++) {
  const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000;
  at += profile.timeDeltas[i] ?? 0;
  if (at < fromMicros) continue;
  const id = profile.samples[i]!;
  const stack: number[] = [];
  for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) stack.push(n);
  if (args.focus) {
    const f = args.focus;
    if (!stack.some((n) => where.get(n)!.name.includes(f) || where.get(n)!.file.includes(f))) continue;
  }
  const leaf = where.get(id)!;
  if (leaf.name === '(idle)' || leaf.name === '(program)') {
    add(pkgSelf, leaf.name, dt);
    continue;
  }
  total += dt;
  add(self, `${leaf.name}  ${leaf.file}`, dt);
  add(pkgSelf, leaf.pkg, dt);
  const seen = new Set<string>();
  const seenPkg = new Set<string>();
  for (const n of stack) {
    const w = where.get(n)!;
    const key = `${w.name}  ${w.file}`;
    // A function (or package) counts once per sample however often it recurs in the stack.
    if (!seen.has(key)) {
      seen.add(key);
      add(incl, key, dt);
    }
    if (!seenPkg.has(w.pkg)) {
      seenPkg.add(w.pkg);
      add(pkgIncl, w.pkg, dt);
    }
  }
}
const print = (title: string, m: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [k, v] of [...m]
    .filter(([k]) => !args.only || k.includes(args.only))
    .sort((a, b) => b[1] - a[1])
    .slice(0, top))
    console.log(`${v.toFixed(0).padStart(8)} ms ${((100 * v) / total).toFixed(1).padStart(5)} %  ${k}`);
};
console.log(
  `profile: ${((profile.endTime - profile.startTime) / 1e6).toFixed(1)} s, busy (not idle, not program) ${(total / 1000).toFixed(1)} s`,
);
print('self time by package', pkgSelf);
print('inclusive time by package', pkgIncl);
print('self time by function', self);
print('inclusive time by function', incl);
