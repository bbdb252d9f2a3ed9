import { readFileSync } from 'node:fs';
import path from 'node:path';

/** A trimmed vendor document (tests/contracts/vendor/VENDOR/FILE), as a path Prism takes and as parsed JSON. */
export function vendorDocument(vendor: string, file: string) {
  const relative = path.join('tests/contracts/vendor', vendor, file);
  const json = JSON.parse(readFileSync(path.resolve(import.meta.dirname, vendor, file), 'utf8')) as Record<
    string,
    unknown
  >;
  return { path: relative, json };
}

type Operation = {
  responses?: Record<
    string,
    {
      content?: Record<string, { example?: unknown; examples?: Record<string, { value?: unknown }> }>;
      examples?: Record<string, unknown>;
    }
  >;
};

/**
 * The answer Prism serves for an operation: the first example of its first success response (OpenAPI 3's
 * `examples` or `example`, Swagger 2's `examples` by media type). A test compares what the adapter returned
 * with it, so it is plain that the adapter read the vendor's documented answer.
 */
export function documentedExample(
  doc: Record<string, unknown>,
  method: string,
  route: string,
  /** One of several named examples (OpenAPI 3), as Prism's `Prefer: example=NAME` picks it. */
  name?: string,
): unknown {
  const paths = doc.paths as Record<string, Record<string, Operation>>;
  const operation = paths[route]?.[method.toLowerCase()];
  if (!operation?.responses) throw new Error(`The document has no ${method} ${route}`);
  const status = Object.keys(operation.responses)
    .filter((code) => /^2\d\d$/.test(code))
    .sort()[0];
  const response = status ? operation.responses[status] : undefined;
  if (!response) throw new Error(`${method} ${route} documents no success answer`);
  if (response.examples) return Object.values(response.examples)[0];
  const media = Object.values(response.content ?? {})[0];
  if (media?.examples) {
    if (name === undefined) return Object.values(media.examples)[0]?.value;
    if (!(name in media.examples)) throw new Error(`${method} ${route} documents no example ${name}`);
    return media.examples[name]?.value;
  }
  if (media && 'example' in media) return media.example;
  throw new Error(`${method} ${route} documents no example answer`);
}

/** A value inside a documented example, by its path ('item.institution_name', 'accounts.0.account_id'). */
export function field(value: unknown, at: string): unknown {
  let node = value;
  for (const key of at.split('.')) {
    if (typeof node !== 'object' || node === null) throw new Error(`The example has no ${at}`);
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}
