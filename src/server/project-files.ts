import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The checkout's root directory: the nearest folder above this module that holds package.json. The server
 * reads a few files from the checkout at run time (the SQL migrations, the shipped legal texts, the state fee
 * caps, the built web app), and it runs from two places: from source (src/server/..., under tsx in tests and
 * development) and compiled (dist/server/main.js, one file that bundles every module, so each module's
 * import.meta.url is the bundle's). A path relative to the module would differ between the two; a path
 * from the root is the same in both.
 */
function findProjectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`no package.json above ${fileURLToPath(import.meta.url)}`);
    dir = parent;
  }
  return dir;
}

export const PROJECT_ROOT = findProjectRoot();

/** A file or folder of the checkout, by its path from the root (as in `src/server/db/migrations`). */
export const projectPath = (relative: string): string => path.join(PROJECT_ROOT, relative);
