import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import {
  type CreditorRow,
  englishLetterIntl,
  LETTER_MESSAGES,
  type LetterIntl,
  type LetterOfAuthorizationContent,
  type LetterSignerRole,
  type SignatureBlock,
} from '#domain/enrollment/letter-of-authorization';
import { LOCALE } from '#domain/i18n/language';
import type { SignerPositions } from '#providers/e-signature/port';

// Draws the Letter of Authorization as a PDF for the e-signature provider. Standard Helvetica keeps the file
// small and its text extractable (search, screen readers). Where each signer signs and dates is answered as
// positions beside the PDF: nothing hidden is drawn for a provider to find, since hidden text still shows in
// text extraction, to screen readers and when copied.

const PAGE = { width: 612, height: 792 }; // US Letter, in points
const MARGIN = { left: 72, right: 72, top: 72, bottom: 72 };
const CONTENT_WIDTH = PAGE.width - MARGIN.left - MARGIN.right;
const BODY = { size: 10.5, leading: 14.5 };
const TABLE = { size: 9, leading: 12, padding: 4 };
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.4, 0.4, 0.45);
const RULE = rgb(0.75, 0.75, 0.78);

type Column = { key: keyof CreditorRow; width: number; align: 'left' | 'right' };
const COLUMNS: Column[] = [
  { key: 'creditorName', width: 192, align: 'left' },
  { key: 'accountNumber', width: 76, align: 'left' },
  { key: 'balance', width: 90, align: 'right' },
  { key: 'newMonthlyPayment', width: CONTENT_WIDTH - 192 - 76 - 90, align: 'right' },
];

/** Room a signature block needs: space to sign, the line, the name under it. */
const SIGNATURE_BLOCK_HEIGHT = 78;
const SIGNATURE_LINE_WIDTH = 270;
const DATE_LINE_X = MARGIN.left + 310;

export type RenderedLetter = {
  pdf: Uint8Array;
  /** Where each signer of the letter signs and dates it (the left end of each line, on the line). */
  positions: Partial<Record<LetterSignerRole, SignerPositions>>;
};

/**
 * The letter as a PDF: one or more US Letter pages, the creditors table continued with its header. `intl`
 * writes the few words the drawing adds (the date line, the page numbers) in the letter's language.
 */
export async function renderLetterOfAuthorizationPdf(
  content: LetterOfAuthorizationContent,
  intl: LetterIntl = englishLetterIntl(),
): Promise<RenderedLetter> {
  return renderLetterVersionsPdf([{ content, intl }]);
}

/** One language's version of the letter, and who reads (and signs) it in that language. */
export type LetterVersion = {
  content: LetterOfAuthorizationContent;
  intl: LetterIntl;
  /** The signers whose signature block is written in this version's language; all of them when left out. */
  readers?: LetterSignerRole[];
};

/**
 * The letter in one PDF for signers who read different languages: each version whole (the first one's from the
 * first page, each next one from a new page), then `note` (said in every version's language) and one signature
 * block per signer, each worded in the language of the version that signer reads. Every signer signs once,
 * below all the versions. With one version this is the letter as renderLetterOfAuthorizationPdf draws it.
 */
export async function renderLetterVersionsPdf(
  versions: LetterVersion[],
  note: string[] = [],
): Promise<RenderedLetter> {
  const [first] = versions;
  if (!first) throw new Error('renderLetterVersionsPdf: no version to draw');
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  doc.setTitle(first.content.title);
  doc.setSubject(`${first.content.title}, ${first.content.date}`);
  doc.setAuthor(first.content.to[0] ?? '');
  doc.setLanguage(LOCALE[first.content.language]);

  const w = new Writer(doc, regular);
  // The page each version starts on: its pages' footers are in its language.
  const starts: number[] = [];
  for (const [i, version] of versions.entries()) {
    if (i > 0) w.newPage();
    starts.push(w.pageNumber);
    drawLetterBody(w, version.content, { regular, bold });
  }
  for (const p of note) w.paragraph(p);
  const positions: RenderedLetter['positions'] = {};
  for (const block of first.content.signatureBlocks) {
    const version = versions.find((v) => v.readers?.includes(block.role) ?? true) ?? first;
    const own = version.content.signatureBlocks.find((b) => b.role === block.role) ?? block;
    const dateLabel = w.fit(version.intl.formatMessage(LETTER_MESSAGES.signatureDate), regular);
    positions[block.role] = drawSignatureBlock(w, own, regular, dateLabel);
  }

  // Page numbers, once the number of pages is known.
  const pages = doc.getPages();
  pages.forEach((page, i) => {
    const index = starts.findLastIndex((start) => start <= i + 1);
    const { content, intl } = versions[Math.max(index, 0)] ?? first;
    const footer = w.fit(
      intl.formatMessage(LETTER_MESSAGES.pageFooter, {
        title: content.title,
        page: i + 1,
        pages: pages.length,
      }),
      regular,
    );
    page.drawText(footer, {
      x: (PAGE.width - regular.widthOfTextAtSize(footer, 8)) / 2,
      y: MARGIN.bottom / 2,
      size: 8,
      font: regular,
      color: MUTED,
    });
  });

  return { pdf: await doc.save(), positions };
}

/** Title, date, parties, the letter's paragraphs and its creditors table: everything but the signatures. */
function drawLetterBody(
  w: Writer,
  content: LetterOfAuthorizationContent,
  fonts: { regular: PDFFont; bold: PDFFont },
): void {
  const { regular, bold } = fonts;
  w.ensure(60);
  const title = w.fit(content.title, bold);
  w.page.drawText(title, {
    x: (PAGE.width - bold.widthOfTextAtSize(title, 18)) / 2,
    y: w.y - 18,
    size: 18,
    font: bold,
    color: INK,
  });
  w.y -= 36;
  w.line(content.date, { font: regular });
  w.y -= BODY.leading / 2;
  const partiesTop = w.y;
  const columnWidth = CONTENT_WIDTH / 2 - 12;
  w.line(content.fromHeading, { font: bold, size: 9, color: MUTED });
  for (const line of content.from) w.lines(line, { font: regular, width: columnWidth });
  const fromBottom = w.y;
  w.y = partiesTop;
  const toX = MARGIN.left + CONTENT_WIDTH / 2;
  w.line(content.toHeading, { font: bold, size: 9, color: MUTED, x: toX });
  for (const line of content.to) w.lines(line, { font: regular, x: toX, width: columnWidth });
  w.y = Math.min(w.y, fromBottom) - BODY.leading;

  for (const p of content.paragraphs) w.paragraph(p);
  drawCreditorsTable(w, content.creditors, fonts);
  w.y -= BODY.leading / 2;
  for (const p of content.closingParagraphs) w.paragraph(p);
}

/** Keeps the current page and the pen's height; starts a new page when the next thing does not fit. */
class Writer {
  page: PDFPage;
  /** The current page's number, from 1. */
  pageNumber = 1;
  /** Top of the next line, in points from the bottom of the page. */
  y: number;

  constructor(
    private readonly doc: PDFDocument,
    private readonly font: PDFFont,
  ) {
    this.page = doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - MARGIN.top;
  }

  /** Starts a new page unless `height` points fit above the bottom margin; true when it started one. */
  ensure(height: number): boolean {
    if (this.y - height >= MARGIN.bottom) return false;
    this.newPage();
    return true;
  }

  /** Starts a new page. */
  newPage(): void {
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.pageNumber += 1;
    this.y = PAGE.height - MARGIN.top;
  }

  /** One line of text; the pen moves down a line. */
  line(text: string, o: { font: PDFFont; size?: number; x?: number; color?: ReturnType<typeof rgb> }): void {
    const size = o.size ?? BODY.size;
    this.ensure(BODY.leading);
    this.page.drawText(this.fit(text, o.font), {
      x: o.x ?? MARGIN.left,
      y: this.y - size,
      size,
      font: o.font,
      color: o.color ?? INK,
    });
    this.y -= BODY.leading;
  }

  /** Text wrapped to `width`; lines flow onto the next page. */
  lines(text: string, o: { font: PDFFont; x?: number; width: number }): void {
    for (const line of wrap(this.fit(text, o.font), o.font, BODY.size, o.width)) this.line(line, o);
  }

  /** Wrapped to the content width, with space after. */
  paragraph(text: string): void {
    this.lines(text, { font: this.font, width: CONTENT_WIDTH });
    this.y -= BODY.leading / 2;
  }

  /** The text with what Helvetica (WinAnsi) cannot encode replaced, so an unusual name never fails a letter. */
  fit(text: string, font: PDFFont): string {
    return encodable(text, font);
  }
}

function drawCreditorsTable(
  w: Writer,
  table: LetterOfAuthorizationContent['creditors'],
  fonts: { regular: PDFFont; bold: PDFFont },
): void {
  const rowLines = (row: CreditorRow, font: PDFFont) =>
    COLUMNS.map((c) => wrap(w.fit(row[c.key], font), font, TABLE.size, c.width - 2 * TABLE.padding));
  const rowHeight = (lines: string[][]) =>
    Math.max(...lines.map((l) => l.length)) * TABLE.leading + TABLE.padding;

  const drawRow = (row: CreditorRow, font: PDFFont, rule: 'above' | 'below' | 'none') => {
    const lines = rowLines(row, font);
    const height = rowHeight(lines);
    let x = MARGIN.left;
    for (const [i, column] of COLUMNS.entries()) {
      for (const [j, text] of (lines[i] ?? []).entries()) {
        const textWidth = font.widthOfTextAtSize(text, TABLE.size);
        w.page.drawText(text, {
          x: column.align === 'right' ? x + column.width - TABLE.padding - textWidth : x + TABLE.padding,
          y: w.y - TABLE.padding - TABLE.size - j * TABLE.leading + 2,
          size: TABLE.size,
          font,
          color: INK,
        });
      }
      x += column.width;
    }
    const ruleY = rule === 'above' ? w.y : w.y - height;
    if (rule !== 'none') {
      w.page.drawLine({
        start: { x: MARGIN.left, y: ruleY },
        end: { x: MARGIN.left + CONTENT_WIDTH, y: ruleY },
        thickness: rule === 'above' ? 0.8 : 0.4,
        color: rule === 'above' ? INK : RULE,
      });
    }
    w.y -= height;
  };

  const header = () => drawRow(table.columns, fonts.bold, 'below');
  const headerHeight = rowHeight(rowLines(table.columns, fonts.bold));

  // The header never sits alone at the bottom of a page.
  const first = table.rows[0];
  w.ensure(headerHeight + (first ? rowHeight(rowLines(first, fonts.regular)) : 0));
  header();
  for (const row of table.rows) {
    if (w.ensure(rowHeight(rowLines(row, fonts.regular)))) header();
    drawRow(row, fonts.regular, 'below');
  }
  if (w.ensure(rowHeight(rowLines(table.total, fonts.bold)))) header();
  drawRow(table.total, fonts.bold, 'above');
}

/** Draws one signer's lines, name and label; answers where the signature and the date go. */
function drawSignatureBlock(
  w: Writer,
  block: SignatureBlock,
  font: PDFFont,
  dateLabel: string,
): SignerPositions {
  w.ensure(SIGNATURE_BLOCK_HEIGHT);
  const lineY = w.y - 40;
  w.page.drawLine({
    start: { x: MARGIN.left, y: lineY },
    end: { x: MARGIN.left + SIGNATURE_LINE_WIDTH, y: lineY },
    thickness: 0.8,
    color: INK,
  });
  w.page.drawLine({
    start: { x: DATE_LINE_X, y: lineY },
    end: { x: MARGIN.left + CONTENT_WIDTH, y: lineY },
    thickness: 0.8,
    color: INK,
  });
  const label = w.fit(`${block.name}, ${block.label}`, font);
  for (const [i, text] of wrap(label, font, 9, SIGNATURE_LINE_WIDTH).slice(0, 2).entries()) {
    w.page.drawText(text, { x: MARGIN.left, y: lineY - 12 - i * 11, size: 9, font, color: INK });
  }
  w.page.drawText(dateLabel, { x: DATE_LINE_X, y: lineY - 12, size: 9, font, color: INK });
  w.y -= SIGNATURE_BLOCK_HEIGHT;
  return {
    signature: { page: w.pageNumber, x: MARGIN.left, y: lineY },
    date: { page: w.pageNumber, x: DATE_LINE_X, y: lineY },
  };
}

/** Greedy word wrap; a word wider than the line is cut where it no longer fits. */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
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
}

const encodableCache = new WeakMap<PDFFont, Set<number>>();

/** Keeps what the font encodes; otherwise tries the letter without its accent (Ł stays '?', é stays é). */
function encodable(text: string, font: PDFFont): string {
  let supported = encodableCache.get(font);
  if (!supported) {
    supported = new Set(font.getCharacterSet());
    encodableCache.set(font, supported);
  }
  const ok = (ch: string) => supported.has(ch.codePointAt(0) ?? -1);
  let out = '';
  for (const ch of text.replace(/[\t\r\n]+/g, ' ')) {
    if (ok(ch)) {
      out += ch;
      continue;
    }
    const base = [...ch.normalize('NFKD')].filter(ok).join('');
    out += base || '?';
  }
  return out;
}
