import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { formatLetterDate, formatUsd } from '#domain/enrollment/letter-of-authorization';
import { formatAprBp, type ProposalView } from '#domain/enrollment/proposal';

// Draws a proposal to one creditor as a PDF, in the letter's style: US Letter, standard Helvetica (a small file
// whose text extracts for search and screen readers), label and amount on one line so that a reader, or a
// creditor's intake system, finds each figure beside its name. English only: creditors are US companies.

const PAGE = { width: 612, height: 792 };
const MARGIN = { left: 72, right: 72, top: 72, bottom: 72 };
const CONTENT_WIDTH = PAGE.width - MARGIN.left - MARGIN.right;
const BODY = { size: 10.5, leading: 14.5 };
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.4, 0.4, 0.45);
const RULE = rgb(0.75, 0.75, 0.78);

export const PROPOSAL_TITLE = 'Debt Management Plan Proposal';

/** The proposal as PDF bytes. Pure: the same view gives the same text. */
export async function renderProposalPdf(view: ProposalView): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  doc.setTitle(PROPOSAL_TITLE);
  doc.setSubject(`${PROPOSAL_TITLE} to ${view.creditorName}, ${formatLetterDate(view.date)}`);
  doc.setAuthor(view.agency.name);
  doc.setLanguage('en-US');
  // A fixed date keeps the file the same for the same proposal (a retried job stores identical bytes).
  const at = new Date(`${view.date}T12:00:00Z`);
  doc.setCreationDate(at);
  doc.setModificationDate(at);

  const w = new Writer(doc, { regular, bold });
  const title = w.fit(PROPOSAL_TITLE, bold);
  w.page.drawText(title, {
    x: (PAGE.width - bold.widthOfTextAtSize(title, 16)) / 2,
    y: w.y - 16,
    size: 16,
    font: bold,
    color: INK,
  });
  w.y -= 32;
  w.text(formatLetterDate(view.date));
  w.gap();

  // From and To side by side.
  const top = w.y;
  const half = CONTENT_WIDTH / 2 - 12;
  w.text('From', { font: bold, size: 9, color: MUTED });
  for (const line of [view.agency.name, view.agency.phone, view.agency.email]) w.text(line, { width: half });
  const fromBottom = w.y;
  w.y = top;
  const toX = MARGIN.left + CONTENT_WIDTH / 2;
  w.text('To', { font: bold, size: 9, color: MUTED, x: toX });
  w.text(view.creditorName, { x: toX, width: half });
  w.text('Proposals department', { x: toX, width: half });
  w.y = Math.min(w.y, fromBottom);
  w.gap();

  const account = view.accountLast4
    ? `account ending in ${view.accountLast4}`
    : 'account number not reported';
  w.text(`Re: ${view.borrower.fullName}, ${account}`, { font: bold });
  w.gap();
  w.paragraph(
    `${view.agency.name} is counseling the consumer named below, who has enrolled in a debt management plan. ` +
      'On their behalf we propose the terms below for this account and ask you to accept them. The consumer’s ' +
      'monthly budget, which the plan is built on, follows.',
  );

  w.heading('Consumer');
  w.text(view.borrower.fullName);
  for (const line of view.borrower.addressLines) w.text(line);
  w.gap();

  w.heading('Proposed terms');
  w.row('Account', view.accountLast4 ? `ending in ${view.accountLast4}` : 'not reported');
  w.row('Balance', formatUsd(view.balance));
  w.row('Proposed monthly payment', formatUsd(view.payment));
  w.row('Proposed APR', formatAprBp(view.proposedAprBp));
  w.row('Term', `${view.termInMonths} ${view.termInMonths === 1 ? 'month' : 'months'}`);
  w.row('First payment date', view.firstPaymentDate ? formatLetterDate(view.firstPaymentDate) : 'to be set');
  // What the creditor's programme returns to the agency; it changes nothing the consumer pays.
  if (view.fairShareBp > 0)
    w.row('Fair share contribution', `${formatAprBp(view.fairShareBp)} of each payment`);
  w.gap();

  const b = view.budget;
  w.heading('Monthly budget');
  w.row('Net monthly income', formatUsd(b.monthlyIncome));
  for (const g of b.groups) w.row(g.label, formatUsd(g.total), { indent: 12 });
  w.row('Total living expenses', formatUsd(b.expensesTotal), { rule: true });
  w.row('Payments on debts outside the plan', formatUsd(b.otherDebtPayments));
  w.row('Debt management plan payment', formatUsd(b.planPayment));
  w.row('Left each month', formatUsd(b.leftEachMonth), { rule: true, font: bold });
  w.gap();
  w.paragraph(
    'The plan payment is paid to the agency each month and includes the agency’s monthly fee; the agency pays ' +
      'each creditor its proposed payment. Please send your answer (accepted, a counter-offer, or declined with ' +
      `the reason) to ${view.agency.name} at ${view.agency.email} or ${view.agency.phone}.`,
  );

  const pages = doc.getPages();
  pages.forEach((page, i) => {
    const footer = w.fit(`${PROPOSAL_TITLE}, page ${i + 1} of ${pages.length}`, regular);
    page.drawText(footer, {
      x: (PAGE.width - regular.widthOfTextAtSize(footer, 8)) / 2,
      y: MARGIN.bottom / 2,
      size: 8,
      font: regular,
      color: MUTED,
    });
  });
  return doc.save();
}

type TextOptions = {
  font?: PDFFont;
  size?: number;
  x?: number;
  width?: number;
  color?: ReturnType<typeof rgb>;
};

/** Keeps the current page and the pen's height; starts a new page when the next line does not fit. */
class Writer {
  page: PDFPage;
  y: number;

  constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: { regular: PDFFont; bold: PDFFont },
  ) {
    this.page = doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - MARGIN.top;
  }

  private ensure(height: number): void {
    if (this.y - height >= MARGIN.bottom) return;
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - MARGIN.top;
  }

  /** Text wrapped to its width (the content width unless given), a line at a time. */
  text(text: string, o: TextOptions = {}): void {
    const font = o.font ?? this.fonts.regular;
    const size = o.size ?? BODY.size;
    for (const line of wrap(this.fit(text, font), font, size, o.width ?? CONTENT_WIDTH)) {
      this.ensure(BODY.leading);
      this.page.drawText(line, {
        x: o.x ?? MARGIN.left,
        y: this.y - size,
        size,
        font,
        color: o.color ?? INK,
      });
      this.y -= BODY.leading;
    }
  }

  paragraph(text: string): void {
    this.text(text);
    this.gap();
  }

  heading(text: string): void {
    this.ensure(BODY.leading * 3);
    this.text(text, { font: this.fonts.bold, size: 11 });
  }

  gap(): void {
    this.y -= BODY.leading / 2;
  }

  /** A label on the left, its value aligned right; a rule above when asked (a total). */
  row(label: string, value: string, o: { indent?: number; rule?: boolean; font?: PDFFont } = {}): void {
    const font = o.font ?? this.fonts.regular;
    this.ensure(BODY.leading + 2);
    if (o.rule) {
      this.page.drawLine({
        start: { x: MARGIN.left, y: this.y + 1 },
        end: { x: MARGIN.left + CONTENT_WIDTH, y: this.y + 1 },
        thickness: 0.5,
        color: RULE,
      });
    }
    const shown = this.fit(value, font);
    const valueWidth = font.widthOfTextAtSize(shown, BODY.size);
    const labelWidth = CONTENT_WIDTH - (o.indent ?? 0) - valueWidth - 12;
    const [first = ''] = wrap(this.fit(label, font), font, BODY.size, labelWidth);
    const y = this.y - BODY.size;
    this.page.drawText(first, { x: MARGIN.left + (o.indent ?? 0), y, size: BODY.size, font, color: INK });
    this.page.drawText(shown, {
      x: MARGIN.left + CONTENT_WIDTH - valueWidth,
      y,
      size: BODY.size,
      font,
      color: INK,
    });
    this.y -= BODY.leading;
  }

  /** The text with what Helvetica (WinAnsi) cannot encode replaced, so an unusual name never fails a proposal. */
  fit(text: string, font: PDFFont): string {
    let supported = encodableCache.get(font);
    if (!supported) {
      supported = new Set(font.getCharacterSet());
      encodableCache.set(font, supported);
    }
    const ok = (ch: string) => supported.has(ch.codePointAt(0) ?? -1);
    let out = '';
    for (const ch of text.replace(/[\t\r\n]+/g, ' ')) {
      if (ok(ch)) out += ch;
      else out += [...ch.normalize('NFKD')].filter(ok).join('') || '?';
    }
    return out;
  }
}

const encodableCache = new WeakMap<PDFFont, Set<number>>();

/** Greedy word wrap; a word wider than the line is cut where it no longer fits. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
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
