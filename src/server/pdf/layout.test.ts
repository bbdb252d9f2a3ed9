import { PDFDict, PDFDocument, type PDFFont, PDFName, StandardFonts } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { pdfLayoutText, pdfWords } from '#tests/support/pdf-text';
import { CONTENT_WIDTH, createLayout, MARGIN, PAGE, wrap } from './layout';

// The one PDF layout, read back as a reader gets it (pdftotext): what each document relies on.

const info = { title: 'Test document', subject: 'A test', author: 'Harbor Light', language: 'es-US' };
const flat = (pdf: Uint8Array) => pdfLayoutText(pdf).map((page) => page.replace(/\s+/g, ' ').trim());

describe('the PDF layout', () => {
  it('answers US Letter pages carrying the document information', async () => {
    const w = await createLayout(info);
    w.title('Test document', 18);
    const doc = await PDFDocument.load(await w.save(() => ''));
    expect(doc.getTitle()).toBe('Test document');
    expect(doc.getSubject()).toBe('A test');
    expect(doc.getAuthor()).toBe('Harbor Light');
    expect(doc.getPage(0).getSize()).toEqual(PAGE);
  });

  it('wraps a paragraph within the margins and flows it onto the next page', async () => {
    const w = await createLayout(info);
    const sentence = 'The quick brown fox jumps over the lazy dog. ';
    w.paragraph(sentence.repeat(300));
    const pdf = await w.save((page, pages) => `Test document, page ${page} of ${pages}`);
    const pages = flat(pdf);
    expect(pages.length).toBeGreaterThan(1);
    expect(pages.at(-1)).toContain(`Test document, page ${pages.length} of ${pages.length}`);
    // The reader measures with its own stand-in for Helvetica, a few points off at a line's end; a line that
    // did not wrap would run hundreds of points past the margin.
    for (const word of pdfWords(pdf)) {
      expect(word.xMin).toBeGreaterThanOrEqual(MARGIN.left - 0.5);
      expect(word.xMax).toBeLessThanOrEqual(MARGIN.left + CONTENT_WIDTH + 6);
    }
  });

  it('repeats a table header on the page the table continues on', async () => {
    const w = await createLayout(info);
    w.table({
      columns: [
        { width: CONTENT_WIDTH - 100, align: 'left' },
        { width: 100, align: 'right' },
      ],
      header: ['Creditor', 'Balance'],
      rows: Array.from({ length: 50 }, (_, i) => [`Creditor number ${i + 1}`, `$${i + 1}.00`]),
      total: ['Total', '$1,275.00'],
    });
    const pages = flat(await w.save(() => ''));
    expect(pages).toHaveLength(2);
    for (const page of pages) expect(page.startsWith('Creditor Balance')).toBe(true);
    expect(pages[1]).toContain('Creditor number 50 $50.00 Total $1,275.00');
  });

  it('puts a value on its label’s line, aligned to the right margin', async () => {
    const w = await createLayout(info);
    w.row('Balance', '$5,123.45');
    const words = pdfWords(await w.save(() => ''));
    const label = words.find((word) => word.text === 'Balance');
    const value = words.find((word) => word.text === '$5,123.45');
    expect(label?.yMin).toBeCloseTo(value?.yMin ?? 0, 1);
    expect(value?.xMax).toBeCloseTo(MARGIN.left + CONTENT_WIDTH, 0);
  });

  it('draws a letter Helvetica cannot encode without its accent, or as ?, rather than failing', async () => {
    const w = await createLayout(info);
    w.paragraph('Łukasz Żółć and José Núñez');
    expect(flat(await w.save(() => ''))[0]).toContain('?ukasz Zó?c and José Núñez');
  });

  it('gives the same bytes for the same content when the date is fixed', async () => {
    const draw = async () => {
      const w = await createLayout({ ...info, date: new Date('2026-11-27T12:00:00Z') });
      w.heading('Proposed terms');
      w.row('Balance', '$5,123.45');
      return w.save((page, pages) => `page ${page} of ${pages}`);
    };
    expect(Buffer.from(await draw()).equals(Buffer.from(await draw()))).toBe(true);
  });

  it('names each font once in a page’s resources, however many lines it draws', async () => {
    // The library's drawText added the font under a new name on every call (twice): hundreds per page.
    const w = await createLayout(info);
    w.title('Test document', 18);
    for (let i = 0; i < 20; i++) {
      w.heading(`Heading ${i}`);
      w.row('Balance', '$5,123.45');
    }
    const doc = await PDFDocument.load(await w.save((page) => `page ${page}`));
    for (const page of doc.getPages()) {
      const fonts = page.node.Resources()?.lookup(PDFName.of('Font'), PDFDict);
      expect(fonts?.keys().length).toBe(2);
    }
  });

  it('breaks each line where measuring the whole line would break it', async () => {
    // The wrap adds each word's width to the line's instead of measuring the line again: the same lines as
    // the plain greedy wrap below, kerning at the spaces and accented letters included.
    const doc = await PDFDocument.create();
    const fonts = [
      await doc.embedFont(StandardFonts.Helvetica),
      await doc.embedFont(StandardFonts.HelveticaBold),
    ];
    const plain = (text: string, font: PDFFont, size: number, width: number) => {
      const fits = (s: string) => font.widthOfTextAtSize(s, size) <= width;
      const lines: string[] = [];
      let current = '';
      for (const word of text.split(/\s+/).filter(Boolean)) {
        const candidate = current ? `${current} ${word}` : word;
        if (fits(candidate)) {
          current = candidate;
          continue;
        }
        if (current) lines.push(current);
        current = word;
        while (!fits(current)) {
          let cut = current.length - 1;
          while (cut > 1 && !fits(current.slice(0, cut))) cut -= 1;
          lines.push(current.slice(0, cut));
          current = current.slice(cut);
        }
      }
      if (current || lines.length === 0) lines.push(current);
      return lines;
    };
    const words = [
      'Te',
      'AVAYA',
      'Wy',
      'año',
      'T.',
      'LT',
      "y'",
      'yo',
      'P,',
      'Fr',
      'máximo',
      'Vía',
      'Ye',
      'A',
    ];
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    for (let i = 0; i < 400; i++) {
      const text = Array.from({ length: 1 + next(40) }, () => words[next(words.length)]).join(' ');
      const font = fonts[next(2)]!;
      const size = [7, 9, 10, 11.5, 18][next(5)]!;
      // A third of the widths are exactly a line's own width: the ties, where a rounding would show.
      const width =
        next(3) === 0
          ? font.widthOfTextAtSize(
              text
                .split(' ')
                .slice(0, 1 + next(6))
                .join(' '),
              size,
            )
          : 20 + next(300) + next(100) / 7;
      expect(wrap(text, font, size, width)).toEqual(plain(text, font, size, width));
    }
  });
});
