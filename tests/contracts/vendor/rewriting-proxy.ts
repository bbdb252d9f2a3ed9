import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A pass-through in front of Prism, for an adapter's branch that needs another documented answer than the
 * first example Prism serves: it asks Prism for another of the document's examples by name, or changes the
 * answer into another the same document allows (a field its schema marks nullable set to null, say). The
 * request reaches Prism unchanged, so it is still checked; every request is recorded.
 */
export async function startRewritingProxy(
  target: string,
  rewrite: (route: string, answer: unknown) => unknown = (_route, answer) => answer,
  /**
   * The name of the document's example Prism should answer a request for `route` with (Prism's `Prefer:
   * example=NAME` header), when the operation documents several; undefined, the first.
   */
  example: (route: string) => string | undefined = () => undefined,
  /**
   * A leading part of the path Prism does not serve under: it serves a Swagger 2 document's paths without
   * its basePath (DocuSign's /restapi), where the SDK calls them with it.
   */
  stripPrefix = '',
): Promise<{ url: string; requests: string[]; close: () => Promise<void> }> {
  /** Every request passed on, 'METHOD /path', so a test can show which calls the adapter made. */
  const requests: string[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        requests.push(`${req.method} ${new URL(req.url ?? '/', 'http://proxy').pathname}`);
        const headers = new Headers();
        for (const [name, value] of Object.entries(req.headers))
          if (typeof value === 'string' && !['host', 'content-length', 'connection'].includes(name))
            headers.set(name, value);
        const preferred = example(new URL(req.url ?? '/', 'http://proxy').pathname);
        if (preferred) headers.set('prefer', `example=${preferred}`);
        const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
        const forwarded = (req.url ?? '/').startsWith(stripPrefix)
          ? (req.url ?? '/').slice(stripPrefix.length)
          : (req.url ?? '/');
        const answer = await fetch(new URL(forwarded, target), { method: req.method, headers, body });
        const text = await answer.text();
        const route = new URL(req.url ?? '/', 'http://proxy').pathname;
        let out = text;
        if ((answer.headers.get('content-type') ?? '').includes('json') && answer.ok)
          out = JSON.stringify(rewrite(route, JSON.parse(text)));
        res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'text/plain' });
        res.end(out);
      })().catch((error: unknown) => {
        res.writeHead(502, { 'content-type': 'text/plain' });
        res.end(String(error));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
