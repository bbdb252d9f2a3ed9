import { deflateSync } from 'node:zlib';
import {
  cleanText,
  degrees,
  drawLinesOfText,
  lineSplit,
  PDFArray,
  PDFContentStream,
  PDFDocument,
  type PDFFont,
  PDFHexString,
  type PDFName,
  type PDFPage,
  type RGB,
  rgb,
  StandardFonts,
} from '@cantoo/pdf-lib';

// The one PDF layout every document we draw uses (the Letter of Authorization and its addendum, the proposal to
// a creditor): US Letter pages with one-inch margins, standard Helvetica (a small file whose text extracts for
// search, screen readers and copying), headings, wrapped paragraphs, label/amount rows, tables continued on the
// next page with their header, and page footers. It is the only module that talks to the PDF library, so the
// documents cannot drift apart again and the library can be swapped in one place (a lint rule keeps it so).

/** US Letter, in points. */
export const PAGE = { width: 612, height: 792 } as const;
export const MARGIN = { left: 72, right: 72, top: 72, bottom: 72 } as const;
export const CONTENT_WIDTH = PAGE.width - MARGIN.left - MARGIN.right;
export const BODY = { size: 10.5, leading: 14.5 } as const;
const TABLE = { size: 9, leading: 12, padding: 4 } as const;
const FOOTER_SIZE = 8;

const COLORS = {
  ink: rgb(0.1, 0.1, 0.12),
  muted: rgb(0.4, 0.4, 0.45),
  rule: rgb(0.75, 0.75, 0.78),
};
export type Color = keyof typeof COLORS;
export type FontName = 'regular' | 'bold';

export type DocumentInfo = {
  title: string;
  subject: string;
  author: string;
  /** A BCP 47 tag (en-US, es-US): readers pick their voice and hyphenation by it. */
  language: string;
  /** Fixes the file's creation and modification dates, so the same content gives the same bytes. */
  date?: Date;
};

export type TextOptions = { font?: FontName; size?: number; x?: number; width?: number; color?: Color };

/** A table column: its width in points and how its cells align. */
export type TableColumn = { width: number; align: 'left' | 'right' };

/** A new document of one empty page, its information set, the pen at the top margin. */
export async function createLayout(info: DocumentInfo): Promise<Layout> {
  const doc = await PDFDocument.create();
  const fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
  doc.setTitle(info.title);
  doc.setSubject(info.subject);
  doc.setAuthor(info.author);
  doc.setLanguage(info.language);
  if (info.date) {
    doc.setCreationDate(info.date);
    doc.setModificationDate(info.date);
  }
  return new Layout(doc, fonts);
}

/** Keeps the current page and the pen's height; starts a new page when the next thing does not fit. */
export class Layout {
  private page: PDFPage;
  /** The current page's number, from 1. */
  pageNumber = 1;
  /** Top of the next line, in points from the bottom of the page. */
  y: number;
  /** The name each font goes by in a page's resources, given the first time the page draws with it. */
  private readonly fontKeys = new Map<PDFPage, Partial<Record<FontName, PDFName>>>();

  constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: Record<FontName, PDFFont>,
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

  newPage(): void {
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.pageNumber += 1;
    this.y = PAGE.height - MARGIN.top;
  }

  /** Moves the pen down: half a line unless told. */
  gap(height: number = BODY.leading / 2): void {
    this.y -= height;
  }

  /** The document's title, centred, with room below it. */
  title(text: string, size: number): void {
    this.ensure(60);
    const font = this.fonts.bold;
    const shown = this.fit(text, 'bold');
    this.draw(this.page, shown, {
      x: (PAGE.width - widthAtSize(font, shown, size)) / 2,
      y: this.y - size,
      size,
      font: 'bold',
      color: COLORS.ink,
    });
    this.y -= 2 * size;
  }

  /** One line of text, never wrapped; the pen moves down a line. */
  line(text: string, o: Omit<TextOptions, 'width'> = {}): void {
    const size = o.size ?? BODY.size;
    this.ensure(BODY.leading);
    this.draw(this.page, this.fit(text, o.font), {
      x: o.x ?? MARGIN.left,
      y: this.y - size,
      size,
      font: o.font ?? 'regular',
      color: COLORS[o.color ?? 'ink'],
    });
    this.y -= BODY.leading;
  }

  /** Text wrapped to its width (the content width unless given), a line at a time; lines flow onto the next page. */
  text(text: string, o: TextOptions = {}): void {
    const font = this.fonts[o.font ?? 'regular'];
    const size = o.size ?? BODY.size;
    for (const line of wrap(this.fit(text, o.font), font, size, o.width ?? CONTENT_WIDTH)) this.line(line, o);
  }

  /** Wrapped to the content width, with half a line after. */
  paragraph(text: string): void {
    this.text(text);
    this.gap();
  }

  /** A bold heading, kept on the page with the two lines after it. */
  heading(text: string): void {
    this.ensure(BODY.leading * 3);
    this.text(text, { font: 'bold', size: 11 });
  }

  /**
   * Two columns side by side (who writes and to whom), each a small muted heading over wrapped lines; the pen
   * ends below the longer one.
   */
  columns(left: { heading: string; lines: string[] }, right: { heading: string; lines: string[] }): void {
    const top = this.y;
    const width = CONTENT_WIDTH / 2 - 12;
    const column = (c: { heading: string; lines: string[] }, x: number) => {
      this.line(c.heading, { font: 'bold', size: 9, color: 'muted', x });
      for (const line of c.lines) this.text(line, { x, width });
    };
    column(left, MARGIN.left);
    const leftBottom = this.y;
    this.y = top;
    column(right, MARGIN.left + CONTENT_WIDTH / 2);
    this.y = Math.min(this.y, leftBottom);
  }

  /** A label on the left, its value aligned right; a rule above when asked (a total). */
  row(label: string, value: string, o: { indent?: number; rule?: boolean; font?: FontName } = {}): void {
    const font = this.fonts[o.font ?? 'regular'];
    this.ensure(BODY.leading + 2);
    if (o.rule)
      this.rule(MARGIN.left, MARGIN.left + CONTENT_WIDTH, this.y + 1, { thickness: 0.5, color: 'rule' });
    const shown = this.fit(value, o.font);
    const valueWidth = widthAtSize(font, shown, BODY.size);
    const labelWidth = CONTENT_WIDTH - (o.indent ?? 0) - valueWidth - 12;
    const [first = ''] = wrap(this.fit(label, o.font), font, BODY.size, labelWidth);
    const y = this.y - BODY.size;
    const drawn = { y, size: BODY.size, font: o.font ?? 'regular', color: COLORS.ink };
    this.draw(this.page, first, { ...drawn, x: MARGIN.left + (o.indent ?? 0) });
    this.draw(this.page, shown, { ...drawn, x: MARGIN.left + CONTENT_WIDTH - valueWidth });
    this.y -= BODY.leading;
  }

  /**
   * A table across the content width: a bold header with a rule under it, rows with light rules, and a bold
   * total with a rule above. Cells wrap within their column; a row that does not fit starts a new page, which
   * repeats the header, and the header never sits alone at the bottom of a page.
   */
  table(t: { columns: TableColumn[]; header: string[]; rows: string[][]; total: string[] }): void {
    const cellLines = (row: string[], font: FontName) =>
      t.columns.map((c, i) =>
        wrap(this.fit(row[i] ?? '', font), this.fonts[font], TABLE.size, c.width - 2 * TABLE.padding),
      );
    const rowHeight = (lines: string[][]) =>
      Math.max(...lines.map((l) => l.length)) * TABLE.leading + TABLE.padding;

    const drawRow = (row: string[], fontName: FontName, rule: 'above' | 'below') => {
      const font = this.fonts[fontName];
      const lines = cellLines(row, fontName);
      const height = rowHeight(lines);
      let x = MARGIN.left;
      for (const [i, column] of t.columns.entries()) {
        for (const [j, text] of (lines[i] ?? []).entries()) {
          const textWidth = widthAtSize(font, text, TABLE.size);
          this.draw(this.page, text, {
            x: column.align === 'right' ? x + column.width - TABLE.padding - textWidth : x + TABLE.padding,
            y: this.y - TABLE.padding - TABLE.size - j * TABLE.leading + 2,
            size: TABLE.size,
            font: fontName,
            color: COLORS.ink,
          });
        }
        x += column.width;
      }
      const ruleY = rule === 'above' ? this.y : this.y - height;
      this.rule(MARGIN.left, MARGIN.left + CONTENT_WIDTH, ruleY, {
        thickness: rule === 'above' ? 0.8 : 0.4,
        color: rule === 'above' ? 'ink' : 'rule',
      });
      this.y -= height;
    };
    const heightOf = (row: string[], font: FontName) => rowHeight(cellLines(row, font));
    const header = () => drawRow(t.header, 'bold', 'below');

    const first = t.rows[0];
    this.ensure(heightOf(t.header, 'bold') + (first ? heightOf(first, 'regular') : 0));
    header();
    for (const row of t.rows) {
      if (this.ensure(heightOf(row, 'regular'))) header();
      drawRow(row, 'regular', 'below');
    }
    if (this.ensure(heightOf(t.total, 'bold'))) header();
    drawRow(t.total, 'bold', 'above');
  }

  /** A horizontal line on the current page at height `y`. */
  rule(fromX: number, toX: number, y: number, o: { thickness: number; color?: Color }): void {
    this.page.drawLine({
      start: { x: fromX, y },
      end: { x: toX, y },
      thickness: o.thickness,
      color: COLORS[o.color ?? 'ink'],
    });
  }

  /** Text at a given place on the current page (the pen does not move); too long a text is cut to `maxLines`. */
  textAt(text: string, o: { x: number; y: number; size: number; width?: number; maxLines?: number }): void {
    const font = this.fonts.regular;
    const lines = wrap(this.fit(text), font, o.size, o.width ?? PAGE.width).slice(0, o.maxLines ?? 1);
    for (const [i, line] of lines.entries()) {
      this.draw(this.page, line, {
        x: o.x,
        y: o.y - i * (o.size + 2),
        size: o.size,
        font: 'regular',
        color: COLORS.ink,
      });
    }
  }

  /** The text with what Helvetica (WinAnsi) cannot encode replaced, so an unusual name never fails a document. */
  fit(text: string, font: FontName = 'regular'): string {
    return encodable(text, this.fonts[font]);
  }

  /**
   * Draws each page's footer, centred at the bottom, once the number of pages is known, then answers the file.
   * `footer` gets the page's number (from 1) and the number of pages.
   */
  async save(footer: (page: number, pages: number) => string): Promise<Uint8Array> {
    const font = this.fonts.regular;
    const pages = this.doc.getPages();
    pages.forEach((page, i) => {
      const text = this.fit(footer(i + 1, pages.length));
      this.draw(page, text, {
        x: (PAGE.width - widthAtSize(font, text, FOOTER_SIZE)) / 2,
        y: MARGIN.bottom / 2,
        size: FOOTER_SIZE,
        font: 'regular',
        color: COLORS.muted,
      });
    });
    // Each page's drawing compressed by Node's zlib rather than the library's deflate, written in JavaScript:
    // the same kind of stream (FlateDecode), the same drawing once inflated, for a fraction of the CPU (it was
    // a fifth of a letter's). The library then writes the compressed bytes as they are.
    for (const page of pages) {
      const contents = page.node.Contents();
      if (!(contents instanceof PDFArray)) continue;
      for (const ref of contents.asArray()) {
        const stream = this.doc.context.lookup(ref);
        if (stream instanceof PDFContentStream)
          stream.updateContents(deflateSync(stream.getUnencodedContents()));
      }
    }
    return this.doc.save();
  }

  /**
   * One run of text on `page`, as the library's drawText writes it (the same operators, in the same order),
   * without what made drawText the letter's costliest step: it checked every option again, and it added the
   * font to the page's resources under a new name on every call, twice (once to draw, once to put the page's
   * previous font back), so a page's resources listed its two fonts hundreds of times. Here each font is named
   * once per page.
   */
  private draw(
    page: PDFPage,
    text: string,
    o: { x: number; y: number; size: number; font: FontName; color: RGB },
  ): void {
    let keys = this.fontKeys.get(page);
    if (!keys) {
      keys = {};
      this.fontKeys.set(page, keys);
    }
    const font = this.fonts[o.font];
    const key = (keys[o.font] ??= page.node.newFontDictionary(font.name, font.ref));
    const lines = lineSplit(cleanText(text)).map((line) => encoded(font, line));
    page.pushOperators(
      ...drawLinesOfText(lines, {
        color: o.color,
        font: key,
        size: o.size,
        rotate: NO_ROTATION,
        xSkew: NO_ROTATION,
        ySkew: NO_ROTATION,
        x: o.x,
        y: o.y,
        lineHeight: LIBRARY_LINE_HEIGHT,
      }),
    );
  }
}

const NO_ROTATION = degrees(0);
/** The line height drawText sets when none is given (our runs are one line each: it moves nothing drawn). */
const LIBRARY_LINE_HEIGHT = 24;

/**
 * Greedy word wrap; a word wider than the line is cut where it no longer fits.
 *
 * Measuring each candidate line whole made a paragraph's cost grow with the square of its line's length (the
 * letter's paragraphs were most of its rendering time). The line's width is kept instead and each word's share
 * added to it. The layout embeds only the standard fonts (createLayout), whose widths in font units (the width
 * at size 1000) are whole numbers, the glyphs' widths plus the kerning of each adjacent pair: the width of
 * `line word` is the line's, plus that of the line's last character, a space and the word, less that of the
 * last character alone (its kerning with the space counted once). Whole numbers add exactly, so every line
 * breaks where measuring it whole would break it.
 */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const units = (s: string) => unitsOf(font, s);
  const fitsUnits = (u: number) => u * (size / 1000) <= width;
  const fits = (s: string) => widthAtSize(font, s, size) <= width;
  const lastCharacter = (s: string) =>
    String.fromCodePoint(s.codePointAt(s.length - 1 - (/[\udc00-\udfff]$/.test(s) ? 1 : 0))!);
  const lines: string[] = [];
  let current = '';
  let currentUnits = 0;
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (current) {
      const last = lastCharacter(current);
      const candidateUnits = currentUnits + units(`${last} ${word}`) - units(last);
      if (fitsUnits(candidateUnits)) {
        current = `${current} ${word}`;
        currentUnits = candidateUnits;
        continue;
      }
    } else {
      const wordUnits = units(word);
      if (fitsUnits(wordUnits)) {
        current = word;
        currentUnits = wordUnits;
        continue;
      }
    }
    if (current) lines.push(current);
    current = word;
    while (!fits(current)) {
      let cut = current.length - 1;
      while (cut > 1 && !fits(current.slice(0, cut))) cut -= 1;
      lines.push(current.slice(0, cut));
      current = current.slice(cut);
    }
    currentUnits = units(current);
  }
  if (current || lines.length === 0) lines.push(current);
  return lines;
}

/**
 * What the layout keeps of each standard font for the life of the process, measured by the library one
 * character, or one pair of characters, at a time: a document's every width and every line's encoding is
 * then a sum of kept figures rather than the library's glyph lookups again (measuring the letter's lines was
 * most of its drawing time, and every letter measured the same words again). The fonts are the standard
 * ones (createLayout), so what is kept is bounded by their character set, the same for every document.
 */
type FontMetrics = {
  /** The characters the font encodes (code points). */
  supported: Set<number>;
  /** Whether every printable ASCII character is among them: most texts then need no character check. */
  allAscii: boolean;
  /** A character's width in font units (the width at size 1000), by code point. */
  widths: Map<number, number>;
  /** The kerning between two characters in font units, by the pair (see pairKey). */
  kerning: Map<number, number>;
  /** A character as the hex string the font's encoding writes for it, by code point. */
  hex: Map<number, string>;
};

const metricsByFont = new Map<string, FontMetrics>();
/** At most this many kept figures of each kind per font: the character set bounds them far below. */
const MAX_KEPT = 100_000;
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

function metricsOf(font: PDFFont): FontMetrics {
  let metrics = metricsByFont.get(font.name);
  if (!metrics) {
    const supported = new Set(font.getCharacterSet());
    let allAscii = true;
    for (let c = 0x20; c <= 0x7e; c += 1) if (!supported.has(c)) allAscii = false;
    metrics = { supported, allAscii, widths: new Map(), kerning: new Map(), hex: new Map() };
    metricsByFont.set(font.name, metrics);
  }
  return metrics;
}

const keep = <K, V>(map: Map<K, V>, key: K, value: V): V => {
  if (map.size < MAX_KEPT) map.set(key, value);
  return value;
};
const pairKey = (left: number, right: number) => left * 0x110000 + right;

/**
 * The text's width in font units, exactly what the library's widthOfTextAtSize(text, 1000) answers: its sum
 * of each glyph's width and its kerning with the next, here each character's width (the library's width of
 * that character alone) plus each adjacent pair's kerning (the pair's width less its two characters'). The
 * standard fonts' widths and kerning are whole numbers, which add exactly in any order.
 */
function unitsOf(font: PDFFont, text: string): number {
  const m = metricsOf(font);
  let total = 0;
  let previous = '';
  let previousCode = -1;
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    const width = m.widths.get(code) ?? keep(m.widths, code, font.widthOfTextAtSize(ch, 1000));
    total += width;
    if (previousCode >= 0) {
      const key = pairKey(previousCode, code);
      total +=
        m.kerning.get(key) ??
        keep(
          m.kerning,
          key,
          font.widthOfTextAtSize(previous + ch, 1000) - m.widths.get(previousCode)! - width,
        );
    }
    previous = ch;
    previousCode = code;
  }
  return total;
}

/** What the library's widthOfTextAtSize(text, size) answers, computed the same way from the kept widths. */
function widthAtSize(font: PDFFont, text: string, size: number): number {
  return unitsOf(font, text) * (size / 1000);
}

/** What the library's encodeText(text) answers: each character's hex code, one after the other. */
function encoded(font: PDFFont, text: string): PDFHexString {
  const m = metricsOf(font);
  let hex = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    hex += m.hex.get(code) ?? keep(m.hex, code, font.encodeText(ch).asString());
  }
  return PDFHexString.of(hex);
}

/** Keeps what the font encodes; otherwise tries the letter without its accent (Ł stays '?', é stays é). */
function encodable(text: string, font: PDFFont): string {
  const { supported, allAscii } = metricsOf(font);
  const flat = text.replace(/[\t\r\n]+/g, ' ');
  if (allAscii && PRINTABLE_ASCII.test(flat)) return flat;
  const ok = (ch: string) => supported.has(ch.codePointAt(0) ?? -1);
  let out = '';
  for (const ch of flat) {
    if (ok(ch)) {
      out += ch;
      continue;
    }
    out += [...ch.normalize('NFKD')].filter(ok).join('') || '?';
  }
  return out;
}
