import { execFileSync } from 'node:child_process';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// What a reader of a PDF gets out of it: the text as poppler's pdftotext extracts it (the engine behind many
// viewers' copy and search), which reads every string drawn, whatever its colour or size. pdf-lib cannot
// extract text. pdftotext comes with Debian's poppler-utils (scripts/ensure-pdftotext.sh installs it); a test
// using this fails, never skips, without it.

function pdftotext(pdf: Uint8Array, args: string[]): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pdf-text-'));
  try {
    const file = path.join(dir, 'document.pdf');
    writeFileSync(file, pdf);
    return execFileSync('pdftotext', [...args, file, '-'], { encoding: 'utf8' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error(
        'pdftotext is missing: install poppler-utils (bash scripts/ensure-pdftotext.sh, or apt-get install poppler-utils)',
      );
    }
    throw error;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Each page's text laid out as on the page (`pdftotext -layout`); pages in order. */
export function pdfLayoutText(pdf: Uint8Array): string[] {
  const pages = pdftotext(pdf, ['-layout', '-enc', 'UTF-8']).split('\f');
  // pdftotext ends the last page with a form feed too.
  return pages.at(-1)?.trim() === '' ? pages.slice(0, -1) : pages;
}

/** A word as extracted, with its box in PDF points from the page's top-left corner; pages from 1. */
export type PdfWord = { page: number; text: string; xMin: number; yMin: number; xMax: number; yMax: number };

/** Every word of the document with where it is (`pdftotext -bbox`). */
export function pdfWords(pdf: Uint8Array): PdfWord[] {
  const html = pdftotext(pdf, ['-bbox', '-enc', 'UTF-8']);
  const words: PdfWord[] = [];
  let page = 0;
  for (const m of html.matchAll(
    /<page\b|<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
  )) {
    if (m[0] === '<page') {
      page += 1;
      continue;
    }
    words.push({
      page,
      text: m[5]!
        .replaceAll('&amp;', '&')
        .replaceAll('&lt;', '<')
        .replaceAll('&gt;', '>')
        .replaceAll('&quot;', '"'),
      xMin: Number(m[1]),
      yMin: Number(m[2]),
      xMax: Number(m[3]),
      yMax: Number(m[4]),
    });
  }
  return words;
}

// The same reading through pdf.js (Mozilla's reader, pure JavaScript): no system package needed.

/**
 * The text a reader extracts from a PDF (what search, copy and screen readers see), page by page, each text
 * run on its own line as pdfjs reports it: a test of what a document says reads it here, not from the data the
 * document was drawn from.
 */
export async function pdfText(pdf: Uint8Array | Buffer): Promise<string> {
  const doc = await getDocument({
    data: new Uint8Array(pdf),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n += 1) {
    const page = await doc.getPage(n);
    const content = await page.getTextContent();
    let text = '';
    for (const item of content.items) {
      if (!('str' in item)) continue;
      text += item.str + (item.hasEOL ? '\n' : '');
    }
    pages.push(text);
  }
  await doc.destroy();
  return pages.join('\n');
}

/** The extracted text with every run of white space as one space: sentences wrapped over lines read whole. */
export const flatText = (text: string): string => text.replace(/\s+/g, ' ').trim();
