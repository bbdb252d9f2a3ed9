import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  DEFAULT_LANGUAGE,
  isLandingPagePath,
  isLanguage,
  LANGUAGE_PATH_PREFIX,
  LANGUAGE_QUERY,
  languageCookie,
  LANGUAGES,
  languageOfPath,
  pathInLanguage,
  type Language,
} from '#domain/i18n/language';
import { languageOfRequest } from './i18n';
import { projectPath } from './project-files';

/** Where `npm run build` writes the web app. */
export const BUILT_WEB_ROOT = projectPath('dist/web');

/**
 * /lead (or /es/lead) as the server answers its form sent without the script, every message a marker
 * (scripts/prerender.ts writes it; domain/validation/answered-lead-page.ts fills it in), relative to the web
 * root: lead/answered.html, es/lead/answered.html.
 */
export const answeredLeadPageFile = (language: Language): string =>
  `${pathInLanguage('/lead', language).slice(1)}/answered.html`;

/**
 * The pages the build prerendered, as paths: each is a folder of the built app holding an index.html
 * (dist/web/lead/index.html is /lead; scripts/prerender.ts writes them).
 */
function prerenderedPages(webRoot: string): string[] {
  const pagesIn = (folder: string): string[] =>
    readdirSync(path.join(webRoot, folder), { withFileTypes: true })
      .filter(
        (entry) => entry.isDirectory() && existsSync(path.join(webRoot, folder, entry.name, 'index.html')),
      )
      .map((entry) => `${folder}/${entry.name}`);
  // The Spanish landing pages sit in their language's folder (dist/web/es/lead/index.html is /es/lead).
  const spanish = LANGUAGE_PATH_PREFIX.es;
  return [...pagesIn(''), ...(existsSync(path.join(webRoot, spanish)) ? pagesIn(spanish) : [])];
}

/**
 * index.html in each language: the same page, its `<html lang>` saying which language the app draws in (the
 * visitor's choice, else their browser's).
 */
function shellsByLanguage(webRoot: string): Record<Language, string> {
  const shell = readFileSync(path.join(webRoot, 'index.html'), 'utf8');
  return Object.fromEntries(
    LANGUAGES.map((language) => [
      language,
      shell.replace(/<html lang="[a-z-]*"/, `<html lang="${language}"`),
    ]),
  ) as Record<Language, string>;
}

/**
 * Which language a landing page's visitor gets: the one the link asked for (?lang=, then remembered in the
 * cookie), else, on an English address, their choice (the cookie) or on a first visit their browser's. A
 * Spanish address is never left unasked: a campaign linked to it on purpose. `redirect`: the same page in
 * that language, with the rest of the query, when it is not this one.
 */
function landingPageLanguage(
  page: string,
  request: FastifyRequest,
): { asked: Language | undefined; redirect: string | undefined } {
  const { language, path: plain } = languageOfPath(page);
  const query = new URLSearchParams(request.url.split('?')[1] ?? '');
  const param = query.get(LANGUAGE_QUERY);
  const asked = isLanguage(param) ? param : undefined;
  query.delete(LANGUAGE_QUERY);
  const wanted = asked ?? (language === DEFAULT_LANGUAGE ? languageOfRequest(request) : language);
  if (wanted === language) return { asked, redirect: undefined };
  const search = query.toString();
  return { asked, redirect: `${pathInLanguage(plain, wanted)}${search ? `?${search}` : ''}` };
}

/** A source map's path: the build writes one beside each script. */
const isSourceMap = (url: string): boolean => url.split('?')[0]!.endsWith('.map');

/**
 * Serves the built web app: its files, the prerendered landing pages at their paths, and index.html for every
 * other client route. Unknown /api paths (and anything when there is no build) stay JSON 404s. Without
 * `sourceMaps` (production) the scripts' source maps are not served: they would hand anyone the product's
 * source, comments included.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webRoot: string,
  o: { sourceMaps: boolean } = { sourceMaps: true },
): Promise<void> {
  const hasWebApp = existsSync(path.join(webRoot, 'index.html'));
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: webRoot,
      allowedPath: (pathName) => o.sourceMaps || !isSourceMap(pathName),
      wildcard: false,
      index: false,
      // The build writes a Brotli and a gzip copy of every text file (scripts/compress.ts): a browser that
      // accepts one gets it, and no request spends CPU on compressing.
      preCompressed: true,
      // Hashed asset names never change content: cache them for a year.
      setHeaders: (reply: { header: (name: string, value: string) => unknown }, filePath: string) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`))
          reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
    // A prerendered page (a landing page) is answered with its own HTML, which paints before any script runs;
    // the query string does not change it (the page draws the same for every visitor), though a visitor who
    // wants the other language is sent to that language's page first. An HTML page names the
    // current build's assets, so the browser asks again each time (no-cache; the static plugin's own
    // cache header is turned off so it does not replace this one).
    for (const page of prerenderedPages(webRoot)) {
      app.get(page, (request, reply) => {
        reply.header('cache-control', 'no-cache');
        if (isLandingPagePath(page)) {
          // The answer depends on the cookie and the browser's languages: no cache may hand it to another.
          reply.header('vary', 'Cookie, Accept-Language');
          const { asked, redirect } = landingPageLanguage(page, request);
          if (asked !== undefined) reply.header('set-cookie', languageCookie(asked));
          if (redirect !== undefined) return reply.redirect(redirect, 302);
        }
        return reply.sendFile(`${page.slice(1)}/index.html`, { cacheControl: false });
      });
    }
  }
  // Other client routes get index.html, which the browser draws.
  const shells = hasWebApp ? shellsByLanguage(webRoot) : undefined;
  app.setNotFoundHandler((request, reply) => {
    if (
      !hasWebApp ||
      request.url.startsWith('/api/') ||
      isSourceMap(request.url) ||
      (request.method !== 'GET' && request.method !== 'HEAD')
    ) {
      return reply
        .status(404)
        .send({ code: 'NotFound', message: `No route ${request.method} ${request.url.split('?')[0]}` });
    }
    // A link may ask for a language (?lang=es, as the emails to a Spanish-speaking borrower do): the page is
    // drawn in it and the choice kept, whatever this device chose before.
    const asked = new URLSearchParams(request.url.split('?')[1] ?? '').get(LANGUAGE_QUERY);
    if (isLanguage(asked)) reply.header('set-cookie', languageCookie(asked));
    return reply
      .header('cache-control', 'no-cache')
      .header('vary', 'Cookie, Accept-Language')
      .type('text/html; charset=utf-8')
      .send(shells![isLanguage(asked) ? asked : languageOfRequest(request)]);
  });
}
