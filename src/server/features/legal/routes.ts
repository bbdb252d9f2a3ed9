import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '#domain/errors';
import { LANGUAGES, type Language } from '#domain/i18n/language';
import {
  LEGAL_DOCUMENTS,
  legalDocumentViewSchema,
  legalTextVersion,
  type LegalDocumentKey,
  type LegalDocumentView,
} from '#domain/legal';
import { languageOfRequest } from '#server/i18n';
import { projectPath } from '#server/project-files';
import type { Config } from '#server/env';

/** The template texts shipped with the product, used until the agency configures its own. */
export const TEMPLATE_DIR = `${projectPath('src/server/features/legal/texts')}/`;

/** The Spanish templates, translated from the English ones beside them. */
export const SPANISH_TEMPLATE_DIR = `${TEMPLATE_DIR}es/`;

/** Longer than any legal text: a file this big is a wrong path (a log, a database), not a policy. */
const MAX_TEXT_BYTES = 200_000;

/** The documents' titles in Spanish, for a text (or a page) that has none of its own. */
const SPANISH_TITLES: Record<LegalDocumentKey, string> = {
  'privacy-policy': 'Política de privacidad',
  'terms-and-conditions': 'Términos y condiciones',
  'credit-report-policy': 'Política de informes de crédito',
};

function readText(file: string): string {
  const text = readFileSync(file, 'utf8');
  if (Buffer.byteLength(text) > MAX_TEXT_BYTES)
    throw new Error(`${file} is larger than ${MAX_TEXT_BYTES} bytes: not a legal text`);
  return text.replace(/\r\n?/g, '\n');
}

type Views = Record<Language, LegalDocumentView>;

/**
 * The legal pages: GET /api/legal/:document answers each text (read once at start: a changed file is
 * served after a restart), and when the agency configured its own page instead, the product's path
 * (/privacy-policy, ...) redirects there, so every link to it (footer, lead form) lands on the agency's page.
 *
 * Each text exists in English and in Spanish (decision 0099). Asked without a language, the answer is the
 * English text as it always was; asked with `?language=`, it also says which language the text is in, the
 * version of its words, and whether the English governs (a Spanish text the agency has not approved).
 */
export const legalRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const { approved, sources: spanishSources } = config.legalSpanish;
  const views = new Map<string, Views>();
  for (const document of LEGAL_DOCUMENTS) {
    const english = config.legal[document.key];
    const englishView = view(english, 'en', document.title, `${TEMPLATE_DIR}${document.key}.md`);
    // Without a Spanish text of the agency's own, the Spanish template translates only the English template:
    // where the agency has its own English, that English is what a Spanish reader is given.
    const spanish = spanishSources[document.key];
    const spanishView =
      spanish !== undefined || english === undefined
        ? view(spanish, 'es', SPANISH_TITLES[document.key], `${SPANISH_TEMPLATE_DIR}${document.key}.md`)
        : englishView;
    views.set(document.key, { en: englishView, es: spanishView });
    const urls = { en: englishView, es: spanishView };
    if (englishView.kind === 'url' || spanishView.kind === 'url')
      app.get(document.path, (request, reply) => {
        const target = urls[languageOfRequest(request)];
        // A text served by the product is drawn by the web app, which the catch-all route answers.
        if (target.kind !== 'url') return reply.callNotFound();
        return reply.header('vary', 'Cookie, Accept-Language').redirect(target.url, 302);
      });
  }

  function view(
    source: (typeof spanishSources)[LegalDocumentKey],
    language: Language,
    title: string,
    template: string,
  ): LegalDocumentView {
    const governs = { englishGoverns: language === 'es' && !approved };
    if (source?.kind === 'url') return { kind: 'url', title, url: source.url, language, ...governs };
    const markdown = readText(source?.path ?? template);
    const digest = createHash('sha256').update(markdown).digest('hex');
    return {
      kind: 'text',
      title,
      markdown,
      language,
      version: legalTextVersion(language, digest),
      ...governs,
    };
  }

  app.get(
    '/api/legal/:document',
    {
      config: { role: 'public' },
      schema: {
        tags: ['legal'],
        params: z.object({ document: z.string().max(64) }),
        querystring: z.object({ language: z.enum(LANGUAGES).optional() }),
        response: { 200: legalDocumentViewSchema },
      },
    },
    async (request, reply) => {
      // Unknown names (any text up to 64 characters) are a plain 404, like a page that does not exist.
      const found = views.get(request.params.document);
      if (!found) throw new AppError('NotFound');
      // The same for every visitor of a language and changed only by a restart: a short public cache keeps
      // them fast (the language is in the address, so caches keep each apart).
      reply.header('cache-control', 'public, max-age=300');
      const asked = request.query.language;
      if (asked === undefined) {
        const { language: _language, version: _version, englishGoverns: _governs, ...plain } = found.en;
        return plain;
      }
      return found[asked];
    },
  );
};
