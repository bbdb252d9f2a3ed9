import { readFileSync } from 'node:fs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '#domain/errors';
import { LEGAL_DOCUMENTS, legalDocumentViewSchema, type LegalDocumentView } from '#domain/legal';
import { projectPath } from '#server/project-files';
import type { Services } from '#server/services';

/** The template texts shipped with the product, used until the agency configures its own. */
export const TEMPLATE_DIR = `${projectPath('src/server/features/legal/texts')}/`;

/** Longer than any legal text: a file this big is a wrong path (a log, a database), not a policy. */
const MAX_TEXT_BYTES = 200_000;

function readText(file: string): string {
  const text = readFileSync(file, 'utf8');
  if (Buffer.byteLength(text) > MAX_TEXT_BYTES)
    throw new Error(`${file} is larger than ${MAX_TEXT_BYTES} bytes: not a legal text`);
  return text.replace(/\r\n?/g, '\n');
}

/**
 * The legal pages: GET /api/legal/:document answers each text (read once at start: a changed file is
 * served after a restart), and when the agency configured its own page instead, the product's path
 * (/privacy-policy, ...) redirects there, so every link to it (footer, lead form) lands on the agency's page.
 */
export const legalRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const views = new Map<string, LegalDocumentView>();
  for (const document of LEGAL_DOCUMENTS) {
    const source = services.config.legal[document.key];
    if (source?.kind === 'url') {
      views.set(document.key, { kind: 'url', title: document.title, url: source.url });
      app.get(document.path, (_request, reply) => reply.redirect(source.url, 302));
    } else {
      const markdown = readText(source?.path ?? `${TEMPLATE_DIR}${document.key}.md`);
      views.set(document.key, { kind: 'text', title: document.title, markdown });
    }
  }

  app.get(
    '/api/legal/:document',
    {
      config: { role: 'public' },
      schema: {
        tags: ['legal'],
        params: z.object({ document: z.string().max(64) }),
        response: { 200: legalDocumentViewSchema },
      },
    },
    async (request, reply) => {
      // Unknown names (any text up to 64 characters) are a plain 404, like a page that does not exist.
      const view = views.get(request.params.document);
      if (!view) throw new AppError('NotFound');
      // The same for every visitor and changed only by a restart: a short public cache keeps them fast.
      reply.header('cache-control', 'public, max-age=300');
      return view;
    },
  );
};
