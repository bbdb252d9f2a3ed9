/**
 * Trims a vendor's published OpenAPI (or Swagger 2) document down to the operations our adapters call, plus
 * every part of the document those operations reference, so the contract tests serve the vendor's own schemas
 * without carrying thousands of operations we never call (tests/contracts/vendor/README.md).
 *
 * Usage: npx tsx scripts/trim-openapi.ts <tests/contracts/vendor/VENDOR/sources.json> --repo <dir> [--commit <sha>]
 *   --repo    the vendor's repository: a checkout (the file is read from <dir>/<path>) or a git directory
 *             (the file is read with `git show <commit>:<path>`).
 *   --commit  a newer commit to take the documents from; sources.json is updated to name it.
 * Each document of sources.json is written beside it (its `output`), as JSON, with `info.x-trimmed-from`
 * saying where it came from. Nothing in a document is changed but the operations and parts left out.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { format as prettierFormat } from 'prettier';
import { parse as parseYaml } from 'yaml';

export type SourceDocument = {
  /** The vendor's repository, owner/name. */
  repository: string;
  /** The document's path in that repository. */
  path: string;
  commit: string;
  /** The commit's date (yyyy-mm-dd). */
  committed: string;
  /** The trimmed document's file name, beside sources.json. */
  output: string;
  /** The operations kept, each 'METHOD /path' exactly as the document spells the path. */
  operations: string[];
  /** Why this copy and not another, when that needs saying (README beside it has the detail). */
  note?: string;
  /**
   * References the vendor's own document makes to parts it does not have. Each listed one becomes a schema
   * that accepts anything (and says so); one not listed stops the trim, so a new gap is seen.
   */
  dangling?: string[];
  /**
   * Schemas cut down to the properties named (and those the vendor marks required), where a document's
   * schemas are too large for Prism to load whole. A cut schema refuses any other property
   * (additionalProperties: false), so a property the adapter starts sending fails the contract test until it
   * is named here, and is then checked against the vendor's own definition of it.
   */
  keepProperties?: Record<string, string[]>;
  /**
   * Swagger 2: an operation's empty `consumes` or `produces` list is dropped, so the document's own (JSON)
   * applies. Read literally, an empty list says the operation takes and gives no body at all, and Prism then
   * refuses every request body; DocuSign's document has one on every operation and means "as the document".
   */
  inheritEmptyMediaTypes?: boolean;
  /**
   * A request body's top-level `oneOf` read as `anyOf`. Cal.com's document offers "a booking or a recurring
   * booking" as oneOf of two schemas that both accept a plain booking (the recurring one needs nothing more),
   * so no request can match exactly one; its server takes either, which is anyOf.
   */
  requestOneOfAsAnyOf?: boolean;
};

export type TrimOptions = Pick<
  SourceDocument,
  'operations' | 'dangling' | 'keepProperties' | 'inheritEmptyMediaTypes' | 'requestOneOfAsAnyOf'
>;

export type Sources = { vendor: string; documents: SourceDocument[] };

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

const isObject = (value: Json | undefined): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** RFC 6901: '~1' is '/', '~0' is '~'. */
const pointerTokens = (pointer: string): string[] =>
  pointer
    .slice(2)
    .split('/')
    .map((token) => decodeURIComponent(token).replaceAll('~1', '/').replaceAll('~0', '~'));

function resolvePointer(doc: JsonObject, pointer: string): Json {
  let node: Json = doc;
  for (const token of pointerTokens(pointer)) {
    if (Array.isArray(node)) node = node[Number(token)] ?? null;
    else if (isObject(node) && token in node) node = node[token]!;
    else
      throw new Error(
        `The document has no ${pointer} (a reference to a missing part can be listed in "dangling")`,
      );
  }
  return node;
}

function setPointer(doc: JsonObject, pointer: string, value: Json): void {
  const tokens = pointerTokens(pointer);
  let node: JsonObject = doc;
  for (const token of tokens.slice(0, -1)) {
    const next = node[token];
    if (!isObject(next)) node[token] = {};
    node = node[token] as JsonObject;
  }
  node[tokens.at(-1)!] = value;
}

/** Every local reference in a part of the document: `$ref`s, and a discriminator's mapping (references too). */
function referencesIn(node: Json, found: Set<string>): void {
  if (Array.isArray(node)) {
    for (const item of node) referencesIn(item, found);
    return;
  }
  if (!isObject(node)) return;
  for (const [key, value] of Object.entries(node)) {
    if (key === '$ref' && typeof value === 'string') {
      if (!value.startsWith('#/'))
        throw new Error(`An outside reference (${value}) cannot be trimmed: only '#/…' ones`);
      found.add(value);
    } else if (key === 'mapping' && isObject(value) && isObject(node) && 'propertyName' in node) {
      for (const target of Object.values(value)) if (typeof target === 'string') found.add(target);
    } else {
      referencesIn(value, found);
    }
  }
}

/**
 * The document with only `operations` ('METHOD /path') and what they reference. Top-level settings (servers,
 * security, Swagger's host and basePath) stay; every security scheme stays (small, and named by `security`);
 * tags stay only when a kept operation uses them.
 */
export function trimOpenApi(full: JsonObject, options: TrimOptions): JsonObject {
  const { operations, dangling = [], keepProperties = {} } = options;
  const swagger = typeof full.swagger === 'string';
  const paths = full.paths;
  if (!isObject(paths)) throw new Error('The document has no paths');
  const trimmed: JsonObject = {};
  for (const [key, value] of Object.entries(full)) {
    if (['paths', 'components', 'definitions', 'parameters', 'responses', 'tags'].includes(key)) continue;
    trimmed[key] = value;
  }
  const keptPaths: JsonObject = {};
  const usedTags = new Set<string>();
  for (const operation of operations) {
    const match = /^([A-Z]+) (\/\S*)$/.exec(operation);
    if (!match) throw new Error(`"${operation}" is not 'METHOD /path'`);
    const method = match[1]!.toLowerCase();
    const route = match[2]!;
    const item = paths[route];
    if (!isObject(item) || !isObject(item[method]))
      throw new Error(`The document has no ${operation} (its paths are spelled as in the document)`);
    const kept = (keptPaths[route] ??= {}) as JsonObject;
    // What applies to the whole path (its parameters, servers, descriptions) stays with it.
    for (const [key, value] of Object.entries(item)) if (!HTTP_METHODS.has(key)) kept[key] = value;
    const chosen = { ...(item[method] as JsonObject) };
    if (options.inheritEmptyMediaTypes)
      for (const list of ['consumes', 'produces'])
        if (Array.isArray(chosen[list]) && chosen[list].length === 0) delete chosen[list];
    if (options.requestOneOfAsAnyOf && isObject(chosen.requestBody)) {
      const body: JsonObject = { ...chosen.requestBody };
      if (isObject(body.content)) {
        const content: JsonObject = {};
        for (const [type, media] of Object.entries(body.content)) {
          const schema = isObject(media) ? media.schema : undefined;
          if (isObject(media) && isObject(schema) && Array.isArray(schema.oneOf)) {
            const { oneOf, ...rest } = schema;
            content[type] = { ...media, schema: { ...rest, anyOf: oneOf } };
          } else content[type] = media;
        }
        body.content = content;
      }
      chosen.requestBody = body;
    }
    kept[method] = chosen;
    const tags = chosen.tags;
    if (Array.isArray(tags)) for (const tag of tags) if (typeof tag === 'string') usedTags.add(tag);
  }
  trimmed.paths = keptPaths;
  if (Array.isArray(full.tags))
    trimmed.tags = full.tags.filter((tag) => isObject(tag) && usedTags.has(String(tag.name)));
  // Security schemes are kept whole: `security` names them and they are a few lines.
  if (swagger && isObject(full.securityDefinitions)) trimmed.securityDefinitions = full.securityDefinitions;
  if (!swagger && isObject(full.components) && isObject(full.components.securitySchemes))
    trimmed.components = { securitySchemes: full.components.securitySchemes };

  const copied = new Set<string>();
  const pending = new Set<string>();
  referencesIn(keptPaths, pending);
  while (pending.size > 0) {
    const [pointer] = pending;
    pending.delete(pointer!);
    if (copied.has(pointer!)) continue;
    copied.add(pointer!);
    let part: Json = dangling.includes(pointer!)
      ? {
          description: `Not in the vendor's document, which refers to it (${pointer}): anything is accepted.`,
        }
      : resolvePointer(full, pointer!);
    const kept = keepProperties[pointer!];
    if (kept) part = cutProperties(pointer!, part, kept);
    setPointer(trimmed, pointer!, part);
    const inner = new Set<string>();
    referencesIn(part, inner);
    for (const next of inner) if (!copied.has(next)) pending.add(next);
  }
  return sortedComponents(trimmed);
}

/** A schema with only the properties named (and the required ones), refusing any other. */
function cutProperties(pointer: string, schema: Json, keep: readonly string[]): JsonObject {
  if (!isObject(schema) || !isObject(schema.properties))
    throw new Error(`${pointer} is not a schema with properties, so none can be kept`);
  const required = Array.isArray(schema.required) ? schema.required.map(String) : [];
  const properties: JsonObject = {};
  for (const name of [...keep, ...required]) {
    const property = schema.properties[name];
    if (property === undefined) throw new Error(`${pointer} has no property ${name}`);
    properties[name] = property;
  }
  return {
    ...schema,
    properties,
    additionalProperties: false,
    'x-trimmed-properties': `Only the properties the adapter sends or reads (of ${Object.keys(schema.properties).length}); any other is refused here, not by the vendor.`,
  };
}

/** Each section of components (or definitions) in name order, so a regenerated file diffs cleanly. */
function sortedComponents(doc: JsonObject): JsonObject {
  const sortKeys = (section: Json | undefined) =>
    isObject(section)
      ? Object.fromEntries(Object.entries(section).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : section;
  for (const key of ['definitions', 'parameters', 'responses'] as const)
    if (isObject(doc[key])) doc[key] = sortKeys(doc[key]) as JsonObject;
  if (isObject(doc.components))
    for (const [key, value] of Object.entries(doc.components))
      doc.components[key] = sortKeys(value) as JsonObject;
  return doc;
}

/** A document's text as JSON or YAML (YAML is a superset of JSON, but JSON.parse is much faster). */
export function parseDocument(text: string): JsonObject {
  const parsed: unknown = text.trimStart().startsWith('{') ? JSON.parse(text) : parseYaml(text);
  if (!isObject(parsed as Json)) throw new Error('The document is not an object');
  return parsed as JsonObject;
}

function readFromRepository(repo: string, commit: string, file: string): string {
  const checkedOut = path.join(repo, file);
  if (existsSync(checkedOut)) return readFileSync(checkedOut, 'utf8');
  return execFileSync('git', ['-C', repo, 'show', `${commit}:${file}`], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
}

function committedDate(repo: string, commit: string): string | null {
  try {
    return execFileSync('git', ['-C', repo, 'log', '-1', '--format=%cs', commit], {
      encoding: 'utf8',
    }).trim();
  } catch {
    return null;
  }
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { repo: { type: 'string' }, commit: { type: 'string' } },
  });
  const manifest = positionals[0];
  if (!manifest || !values.repo) {
    console.error(
      'Usage: npx tsx scripts/trim-openapi.ts <tests/contracts/vendor/VENDOR/sources.json> --repo <dir> [--commit <sha>]',
    );
    process.exit(2);
  }
  const sources = JSON.parse(readFileSync(manifest, 'utf8')) as Sources;
  for (const document of sources.documents) {
    if (values.commit) {
      document.commit = values.commit;
      document.committed = committedDate(values.repo, values.commit) ?? document.committed;
    }
    const text = readFromRepository(values.repo, document.commit, document.path);
    const trimmed = trimOpenApi(parseDocument(text), document);
    const info = isObject(trimmed.info) ? trimmed.info : (trimmed.info = {});
    info['x-trimmed-from'] = {
      repository: document.repository,
      path: document.path,
      commit: document.commit,
      committed: document.committed,
      sha256: createHash('sha256').update(text).digest('hex'),
      operations: document.operations,
    };
    const output = path.join(path.dirname(manifest), document.output);
    writeFileSync(output, `${JSON.stringify(trimmed, null, 2)}\n`);
    const size = (n: number) => `${Math.round(n / 1024)} KiB`;
    console.log(
      `${output}: ${document.operations.length} operations, ${size(Buffer.byteLength(text))} → ${size(
        Buffer.byteLength(JSON.stringify(trimmed, null, 2)),
      )}`,
    );
  }
  // sources.json is the repository's own file: written as Prettier (which `npm run lint` checks) has it.
  if (values.commit)
    writeFileSync(manifest, await prettierFormat(JSON.stringify(sources), { parser: 'json' }));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
