import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

// The server step of `npm run build`: src/server/main.ts and every module of ours it imports (domain,
// providers, server, the shipped JSON tables) bundled by esbuild into one JavaScript file, dist/server/main.js,
// which production runs with plain Node: no TypeScript loader at run time. The packages under node_modules
// stay outside the bundle and are imported from there as usual (some are native code or WebAssembly that a
// bundle cannot carry). Files the server reads at run time (migrations, legal texts, the state fee caps, the
// built web app) are found from the checkout's root (src/server/project-files.ts).
//   tsx scripts/build-server.ts [--out-dir dist/server]

/** Bundles the server into `outDir`/main.js (with its source map); a line saying what it wrote. */
export async function buildServer(root: string, outDir: string): Promise<string> {
  const result = await build({
    absWorkingDir: root,
    entryPoints: ['src/server/main.ts'],
    outfile: path.join(outDir, 'main.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    // Our own modules (relative and `#domain/*`-style imports) go in; every package is imported at run time.
    packages: 'external',
    // Stack traces name the TypeScript source lines (the start command runs Node with --enable-source-maps).
    sourcemap: true,
    logLevel: 'warning',
    metafile: true,
  });
  const inputs = Object.keys(result.metafile.inputs).length;
  const bytes = Object.values(result.metafile.outputs).find((o) => o.entryPoint)?.bytes ?? 0;
  return `bundled the server: ${inputs} modules → ${path.relative(root, path.join(outDir, 'main.js'))} (${(bytes / 1024).toFixed(0)} KB)`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(import.meta.dirname, '..');
  const outDirArg = process.argv.indexOf('--out-dir');
  const outDir = path.resolve(root, outDirArg === -1 ? 'dist/server' : process.argv[outDirArg + 1]!);
  console.log(await buildServer(root, outDir));
}
