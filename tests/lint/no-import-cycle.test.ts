import { readdirSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type ImportCycle,
  type ImportGraph,
  type SourceHost,
  importCycles,
  importGraph,
  projectOptions,
  sourceFiles,
} from './import-graph';

// No file of ours imports itself back, through any number of files: the layers import downwards only, and so
// do the modules inside a layer (docs/decisions/0202-no-import-cycle.md). A cycle makes what a module finds
// when it loads depend on which file was loaded first: the database schema's table files once imported one
// another in a knot of 14 files, and its column helpers had to be written as function declarations so that
// they existed while the knot was still loading. Type-only and dynamic imports count too: a type that goes
// round a cycle is the same tangle for a reader, and costs nothing to move to a lower module.

const ROOT = process.cwd();
const FOLDERS = ['src', 'tests', 'scripts', 'bench'];

/** The project's files as tsc -p tsconfig.json sees them: the folders above and the configuration files. */
function projectFiles(): string[] {
  const atRoot = readdirSync(ROOT, { withFileTypes: true })
    .filter((e) => e.isFile() && /\.(ts|tsx)$/.test(e.name))
    .map((e) => e.name);
  return [...atRoot, ...sourceFiles(ROOT, FOLDERS)];
}

/** How a cycle reads in a failure: where it goes round, and every file caught in the same knot. */
function describeCycle({ files, cycle }: ImportCycle): string {
  return `${cycle.join(' → ')}\n    (${files.length} files import one another: ${files.join(', ')})`;
}

describe('the import graph of the project', () => {
  let graph: ImportGraph;

  // Reading and resolving every import of about a thousand files takes seconds on a busy 2-core machine.
  beforeAll(() => {
    graph = importGraph(ROOT, projectFiles(), projectOptions(ROOT));
  }, 120_000);

  it('resolves the aliases, so a cycle through them cannot hide', () => {
    const edges = (file: string) => (graph.get(file) ?? []).map((e) => e.to);
    // #server/* (package.json "imports")
    expect(edges('src/server/features/service-portal/get-borrower-summary.ts')).toContain(
      'src/server/db/application-query.ts',
    );
    // #web/* (package.json "imports" without an extension, and tsconfig paths)
    expect(edges('src/web/components/ui/shared-parts.test.tsx')).toContain('src/web/test/render.tsx');
    // a lazy page of the router
    expect(graph.get('src/web/app/router.tsx')).toContainEqual({
      to: 'src/web/features/landing/debt-analysis-page.tsx',
      kind: 'dynamic',
    });
    const count = [...graph.values()].reduce((n, e) => n + e.length, 0);
    expect(count).toBeGreaterThan(graph.size * 3);
  });

  it('has no import cycle', () => {
    const cycles = importCycles(graph, ['value', 'type', 'dynamic']);
    expect(
      cycles.map(describeCycle),
      'Move what the files share to a module below both (for the schema: a foreign key imports the table it ' +
        'points at, relations go in schema/relations.ts)',
    ).toEqual([]);
  });
});

describe('the cycle check', () => {
  // A small project in memory, resolved with the project's own compiler options and a package.json of the
  // same shape, so the check is shown to catch cycles written the ways the project writes imports.
  const root = path.resolve('/virtual-project');
  const packageJson = JSON.stringify({
    type: 'module',
    imports: { '#server/*': './src/server/*.ts', '#web/*': './src/web/*' },
  });

  function check(files: Record<string, string>): ImportCycle[] {
    const texts = new Map(
      Object.entries({ 'package.json': packageJson, ...files }).map(([f, t]) => [path.join(root, f), t]),
    );
    const host: SourceHost = { fileExists: (f) => texts.has(f), readFile: (f) => texts.get(f) };
    // The tsconfig's paths, read from this project's root and pointed at the one in memory.
    const options = { ...projectOptions(ROOT), baseUrl: root };
    const graph = importGraph(root, Object.keys(files), options, host);
    return importCycles(graph, ['value', 'type', 'dynamic']);
  }

  it('finds the schema’s old knot: a column helper naming the application, relations naming the children', () => {
    const cycles = check({
      'src/server/db/schema/columns.ts': `import { application } from './application';
export function applicationId() { return application.id; }`,
      'src/server/db/schema/application.ts': `import { debt } from './credit';
export const application = { id: 'id' };
export const applicationRelations = () => [debt];`,
      'src/server/db/schema/credit.ts': `import { applicationId } from './columns';
export const debt = { applicationId: applicationId() };`,
      'src/server/db/schema/index.ts': `export * from './application';
export * from './credit';`,
    });
    expect(cycles.map((c) => c.files)).toEqual([
      [
        'src/server/db/schema/application.ts',
        'src/server/db/schema/columns.ts',
        'src/server/db/schema/credit.ts',
      ],
    ]);
    expect(cycles[0]?.cycle).toEqual([
      'src/server/db/schema/application.ts',
      'src/server/db/schema/credit.ts',
      'src/server/db/schema/columns.ts',
      'src/server/db/schema/application.ts',
    ]);
  });

  it('finds a cycle through an alias, a type-only import, or a lazy import', () => {
    expect(
      check({
        'src/server/db/client.ts': `import { insertReferenceData } from '#server/db/reference-data';`,
        'src/server/db/reference-data.ts': `import type { Db } from './client';`,
        'src/web/app/router.tsx': `export const routes = [() => import('../features/home/page')];`,
        'src/web/features/home/page.tsx': `import { routes } from '#web/app/router';`,
        'src/server/db/schema/application.ts': `import type * as schema from './index';`,
        'src/server/db/schema/index.ts': `export * from './application';`,
      }).map((c) => c.cycle),
    ).toEqual([
      ['src/server/db/client.ts', 'src/server/db/reference-data.ts', 'src/server/db/client.ts'],
      [
        'src/server/db/schema/application.ts',
        'src/server/db/schema/index.ts',
        'src/server/db/schema/application.ts',
      ],
      ['src/web/app/router.tsx', 'src/web/features/home/page.tsx', 'src/web/app/router.tsx'],
    ]);
  });

  it('allows imports that go one way, however they branch and meet again', () => {
    expect(
      check({
        'src/server/db/schema/columns.ts': `export const cents = 1;`,
        'src/server/db/schema/application.ts': `import { cents } from './columns';`,
        'src/server/db/schema/credit.ts': `import { cents } from './columns';
import { application } from './application';`,
        'src/server/db/schema/relations.ts': `import { application } from './application';
import { debt } from './credit';`,
        'src/server/db/schema/index.ts': `export * from './application';
export * from './credit';
export * from './relations';`,
        'src/server/db/application-query.ts': `import type * as schema from './schema/index';`,
      }),
    ).toEqual([]);
  });

  it('finds a file that imports itself', () => {
    expect(check({ 'src/server/a.ts': `import { x } from '#server/a'; export const y = x;` })).toEqual([
      { files: ['src/server/a.ts'], cycle: ['src/server/a.ts', 'src/server/a.ts'] },
    ]);
  });
});
