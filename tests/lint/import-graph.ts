import { readdirSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

// The project's import graph, resolved by TypeScript itself with the project's tsconfig.json, so the
// package.json "imports" aliases (#server/*, #domain/*...) and the tsconfig paths lead where the compiler and
// the bundler take them. Only our own files are nodes: packages are not followed.

/** How a file imports another: a type-only import is erased when the code runs; a dynamic one runs later. */
export type ImportKind = 'value' | 'type' | 'dynamic';

export type ImportEdge = { to: string; kind: ImportKind };

/** Each file (relative to the root, with forward slashes) and the project files it imports. */
export type ImportGraph = Map<string, ImportEdge[]>;

/** Where the graph's files are read from: the disk, or a test's files in memory. */
export type SourceHost = {
  fileExists: (file: string) => boolean;
  readFile: (file: string) => string | undefined;
};

const SOURCE = /\.(ts|tsx|mts|cts)$/;

/** Every TypeScript file under `folders` (relative to `root`), declaration files and node_modules left out. */
export function sourceFiles(root: string, folders: string[]): string[] {
  return folders.flatMap((folder) =>
    readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && SOURCE.test(e.name) && !e.name.endsWith('.d.ts'))
      .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
      .filter((file) => !file.split('/').includes('node_modules')),
  );
}

/** The compiler options of the project's tsconfig.json, as `tsc -p` reads them. */
export function projectOptions(root: string): ts.CompilerOptions {
  const configFile = path.join(root, 'tsconfig.json');
  const parsed = ts.getParsedCommandLineOfConfigFile(
    configFile,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  if (!parsed) throw new Error(`cannot read ${configFile}`);
  return parsed.options;
}

/** The module specifiers a file imports or re-exports, each with how. */
function importsOf(fileName: string, text: string): { specifier: string; kind: ImportKind }[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  const found: { specifier: string; kind: ImportKind }[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push({ specifier: node.moduleSpecifier.text, kind: isTypeOnlyImport(node) ? 'type' : 'value' });
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push({ specifier: node.moduleSpecifier.text, kind: isTypeOnlyExport(node) ? 'type' : 'value' });
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      const ref = node.moduleReference.expression;
      if (ts.isStringLiteral(ref))
        found.push({ specifier: ref.text, kind: node.isTypeOnly ? 'type' : 'value' });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push({ specifier: node.arguments[0].text, kind: 'dynamic' });
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      found.push({ specifier: node.argument.literal.text, kind: 'type' });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

// Only `import type` and `export type` are erased whole: with verbatimModuleSyntax, `import { type A } from './x'`
// is kept as `import {} from './x'`, which still loads the file.
function isTypeOnlyImport(node: ts.ImportDeclaration): boolean {
  return node.importClause?.isTypeOnly === true;
}

function isTypeOnlyExport(node: ts.ExportDeclaration): boolean {
  return node.isTypeOnly;
}

/**
 * The graph of `files` (relative to `root`): each import resolved as the compiler resolves it with `options`,
 * kept when it lands on one of `files`.
 */
export function importGraph(
  root: string,
  files: string[],
  options: ts.CompilerOptions,
  host: SourceHost = ts.sys,
): ImportGraph {
  const absolute = (file: string) => path.resolve(root, file);
  const byAbsolute = new Map(files.map((file) => [absolute(file), file]));
  const cache = ts.createModuleResolutionCache(root, (f) => f, options);
  const graph: ImportGraph = new Map();
  for (const file of files) {
    const fileName = absolute(file);
    const text = host.readFile(fileName);
    if (text === undefined) throw new Error(`cannot read ${file}`);
    const edges: ImportEdge[] = [];
    for (const { specifier, kind } of importsOf(fileName, text)) {
      const resolved = ts.resolveModuleName(specifier, fileName, options, host, cache).resolvedModule;
      const target = resolved && byAbsolute.get(path.resolve(resolved.resolvedFileName));
      if (target !== undefined) edges.push({ to: target, kind });
    }
    graph.set(file, edges);
  }
  return graph;
}

/** A group of files that import one another, and one cycle through them. */
export type ImportCycle = {
  /** Every file of the group (a strongly connected component of the graph), sorted. */
  files: string[];
  /** A shortest cycle through the group's first file: the files in import order, back to the first. */
  cycle: string[];
};

/**
 * Every group of files that import one another, following the edges of the given kinds (Tarjan's strongly
 * connected components). A group of more than two files may hold several cycles; the one given is enough to
 * say where to start cutting, and the group says how far the knot reaches.
 */
export function importCycles(graph: ImportGraph, kinds: ImportKind[]): ImportCycle[] {
  const next = (file: string) =>
    [...new Set((graph.get(file) ?? []).filter((e) => kinds.includes(e.kind)).map((e) => e.to))].sort();
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const groups: string[][] = [];
  let counter = 0;
  // Iterative, so a long chain of imports cannot overflow the call stack.
  for (const start of [...graph.keys()].sort()) {
    if (index.has(start)) continue;
    const work: { file: string; children: string[]; i: number }[] = [];
    const enter = (file: string) => {
      index.set(file, counter);
      low.set(file, counter);
      counter += 1;
      stack.push(file);
      onStack.add(file);
      work.push({ file, children: next(file), i: 0 });
    };
    enter(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      if (frame.i < frame.children.length) {
        const child = frame.children[frame.i]!;
        frame.i += 1;
        if (!index.has(child)) enter(child);
        else if (onStack.has(child)) low.set(frame.file, Math.min(low.get(frame.file)!, index.get(child)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.file, Math.min(low.get(parent.file)!, low.get(frame.file)!));
      if (low.get(frame.file) === index.get(frame.file)) {
        const group: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          group.push(member);
        } while (member !== frame.file);
        const selfImport = next(frame.file).includes(frame.file);
        if (group.length > 1 || selfImport) groups.push(group.sort());
      }
    }
  }
  return groups
    .map((files) => ({ files, cycle: shortestCycle(files, next) }))
    .sort((a, b) => a.files[0]!.localeCompare(b.files[0]!));
}

/** A shortest path from the group's first file back to itself, staying inside the group (breadth first). */
function shortestCycle(group: string[], next: (file: string) => string[]): string[] {
  const inGroup = new Set(group);
  const start = group[0]!;
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const child of next(file)) {
      if (!inGroup.has(child)) continue;
      if (child === start) {
        const path = [file];
        while (path[0] !== start) path.unshift(cameFrom.get(path[0]!)!);
        return [...path, start];
      }
      if (!cameFrom.has(child)) {
        cameFrom.set(child, file);
        queue.push(child);
      }
    }
  }
  throw new Error(`no cycle through ${start}`);
}
