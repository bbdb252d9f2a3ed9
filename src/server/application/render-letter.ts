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
import { BODY, CONTENT_WIDTH, createLayout, type Layout, MARGIN, type TableColumn } from '#server/pdf/layout';

// Draws the Letter of Authorization (and, with the same drawing, its addendum) as a PDF for the e-signature
// provider, through the one PDF layout (src/server/pdf/layout.ts). Where each signer signs and dates is answered as
// positions beside the PDF: nothing hidden is drawn for a provider to find, since hidden text still shows in
// text extraction, to screen readers and when copied.

/** The creditors table's columns, in the order of CreditorRow's fields below. */
const COLUMN_KEYS: (keyof CreditorRow)[] = ['creditorName', 'accountNumber', 'balance', 'newMonthlyPayment'];
const COLUMNS: TableColumn[] = [
  { width: 192, align: 'left' },
  { width: 76, align: 'left' },
  { width: 90, align: 'right' },
  { width: CONTENT_WIDTH - 192 - 76 - 90, align: 'right' },
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
  const w = await createLayout({
    title: first.content.title,
    subject: `${first.content.title}, ${first.content.date}`,
    author: first.content.to[0] ?? '',
    language: LOCALE[first.content.language],
  });
  // The page each version starts on: its pages' footers are in its language.
  const starts: number[] = [];
  for (const [i, version] of versions.entries()) {
    if (i > 0) w.newPage();
    starts.push(w.pageNumber);
    drawLetterBody(w, version.content);
  }
  for (const p of note) w.paragraph(p);
  const positions: RenderedLetter['positions'] = {};
  for (const block of first.content.signatureBlocks) {
    const version = versions.find((v) => v.readers?.includes(block.role) ?? true) ?? first;
    const own = version.content.signatureBlocks.find((b) => b.role === block.role) ?? block;
    positions[block.role] = drawSignatureBlock(
      w,
      own,
      version.intl.formatMessage(LETTER_MESSAGES.signatureDate),
    );
  }

  const pdf = await w.save((page, pages) => {
    const index = starts.findLastIndex((start) => start <= page);
    const { content, intl } = versions[Math.max(index, 0)] ?? first;
    return intl.formatMessage(LETTER_MESSAGES.pageFooter, { title: content.title, page, pages });
  });
  return { pdf, positions };
}

/** Title, date, parties, the letter's paragraphs and its creditors table: everything but the signatures. */
function drawLetterBody(w: Layout, content: LetterOfAuthorizationContent): void {
  w.title(content.title, 18);
  w.line(content.date);
  w.gap();
  w.columns(
    { heading: content.fromHeading, lines: content.from },
    { heading: content.toHeading, lines: content.to },
  );
  w.gap(BODY.leading);

  for (const p of content.paragraphs) w.paragraph(p);
  const cells = (row: CreditorRow) => COLUMN_KEYS.map((key) => row[key]);
  w.table({
    columns: COLUMNS,
    header: cells(content.creditors.columns),
    rows: content.creditors.rows.map(cells),
    total: cells(content.creditors.total),
  });
  w.gap();
  for (const p of content.closingParagraphs) w.paragraph(p);
}

/** Draws one signer's lines, name and label; answers where the signature and the date go. */
function drawSignatureBlock(w: Layout, block: SignatureBlock, dateLabel: string): SignerPositions {
  w.ensure(SIGNATURE_BLOCK_HEIGHT);
  const lineY = w.y - 40;
  w.rule(MARGIN.left, MARGIN.left + SIGNATURE_LINE_WIDTH, lineY, { thickness: 0.8 });
  w.rule(DATE_LINE_X, MARGIN.left + CONTENT_WIDTH, lineY, { thickness: 0.8 });
  w.textAt(`${block.name}, ${block.label}`, {
    x: MARGIN.left,
    y: lineY - 12,
    size: 9,
    width: SIGNATURE_LINE_WIDTH,
    maxLines: 2,
  });
  w.textAt(dateLabel, { x: DATE_LINE_X, y: lineY - 12, size: 9 });
  w.y -= SIGNATURE_BLOCK_HEIGHT;
  return {
    signature: { page: w.pageNumber, x: MARGIN.left, y: lineY },
    date: { page: w.pageNumber, x: DATE_LINE_X, y: lineY },
  };
}
