import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

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
