import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

// The server step of `npm run build`: src/server/main.ts and every module of ours it imports (domain,
// providers, server, the shipped JSON tables) bundled by esbuild into one JavaScript file, dist/server/main.js,
// which production runs with plain Node: no TypeScript loader at run time. Most packages under node_modules
// stay outside the bundle and are imported from there as usual (some are native code or WebAssembly that a
// bundle cannot carry); two that cost the start most are bundled (BUNDLED_PACKAGES). Files the server reads at run time (migrations, legal texts, the state fee caps, the
// built web app) are found from the checkout's root (src/server/project-files.ts).
//   tsx scripts/build-server.ts [--out-dir dist/server]

/**
 * Packages bundled with our code although they are imported from node_modules: pure JavaScript spread over
 * hundreds of small files each, which Node would otherwise find, read and compile one by one at every start
 * (together about a second of CPU, a third of a start; decision 0089). Their own dependencies are bundled with
 * them, so each resolves exactly as installed, except those in SHARED_PACKAGES.
 */
const BUNDLED_PACKAGES = new Set(['drizzle-orm', 'better-auth']);
/**
 * Imported at run time even from a bundled package: PGlite (its WebAssembly files sit beside its module), pg
 * (an optional native binding) and zod (one copy for our schemas and theirs).
 */
const SHARED_PACKAGES = new Set(['@electric-sql/pglite', 'pg', 'zod']);

const packageName = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** Which package imports stay outside the bundle (imported from node_modules at run time). */
const keepPackagesOutside: Plugin = {
  name: 'keep-packages-outside',
  setup(build) {
    // A bare specifier: neither relative, nor absolute, nor one of package.json's `#` imports.
    build.onResolve({ filter: /^[^./#]/ }, (args) => {
      if (args.path.startsWith('node:')) return { external: true };
      const name = packageName(args.path);
      if (SHARED_PACKAGES.has(name)) return { external: true };
      const fromBundledPackage = args.importer.includes(`${path.sep}node_modules${path.sep}`);
      if (fromBundledPackage || BUNDLED_PACKAGES.has(name)) return undefined; // esbuild resolves and bundles it
      return { external: true };
    });
  },
};

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
    // Our own modules (relative and `#domain/*`-style imports) go in, and the BUNDLED_PACKAGES; every other
    // package is imported from node_modules at run time.
    plugins: [keepPackagesOutside],
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
