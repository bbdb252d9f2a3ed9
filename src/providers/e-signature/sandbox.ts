import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  decodePDFRawStream,
  PDFArray,
  PDFDocument,
  type PDFFont,
  PDFHexString,
  PDFName,
  PDFString,
  PDFRawStream,
  rgb,
  StandardFonts,
} from '@cantoo/pdf-lib';
import {
  checkPositionsOnDocument,
  checkSigners,
  connectEventId,
  CONNECT_SIGNATURE_HEADER,
  connectSignature,
  looksLikePdf,
  RECIPIENT_IDS,
  verifyConnectWebhook,
} from './connect-webhook';
import { createIntl } from '@formatjs/intl';
import { dayIn } from '#domain/calendar';
import { SIGNATURE_STAMP_MESSAGES } from '#domain/enrollment/signature-stamp';
import { ALL_CATALOGS } from '#domain/i18n/all-catalogs';
import { DEFAULT_LANGUAGE, isLanguage, linkAskingFor, LOCALE } from '#domain/i18n/language';
import type { ESignature, EnvelopeStatus, SignatureEvent, SignerPositions, SignerRole } from './port';
import { signingLinkExpired } from '#domain/enrollment/signing-links';

/** What the signing page shows the signer when the sandbox refuses; safe to show as is. */
export const SANDBOX_SIGNING_MESSAGES = {
  invalidLink: 'This signing link is not valid. Please use the link in the latest email we sent you.',
  nameMismatch: 'The name you typed does not match the name on the letter.',
  expired: 'This signing link has expired.',
} as const;

/**
 * The sandbox's refusal of a signature: its reason, so the route answers with that message by its id (in the
 * signer's language), and its English as the error's message.
 */
export class SandboxSigningRefusal extends Error {
  constructor(readonly reason: keyof typeof SANDBOX_SIGNING_MESSAGES) {
    super(SANDBOX_SIGNING_MESSAGES[reason]);
    this.name = 'SandboxSigningRefusal';
  }
}

/** One link issued to a signer: its secret and when it was issued (ISO), which sets when it expires. */
export type SandboxLink = { token: string; issuedAt: string };

/**
 * How many links a signer's newest ones the sandbox keeps: an older one stops working even before it expires,
 * so a signer who asked for many links does not leave many live ones in their mailbox.
 */
const KEPT_LINKS = 5;

export type SandboxSigner = {
  role: SignerRole;
  name: string;
  email: string;
  /** The secret of this signer's first link (see signingUrl); whoever holds it can sign as this signer. */
  token: string;
  /**
   * Every link still kept for this signer, oldest first, each with its own life (see signingLinkExpired).
   * Absent on envelopes kept from before links expired: the first token then counts as issued when the
   * envelope was created.
   */
  links?: SandboxLink[];
  status: 'sent' | 'delivered' | 'completed';
  /** ISO timestamps. */
  deliveredAt: string | null;
  signedAt: string | null;
  /** The name as the signer typed it to sign. */
  typedName: string | null;
  /** Where the signature and the date are stamped; absent on envelopes kept from before positions were sent. */
  positions?: SignerPositions;
};

/** An envelope as the sandbox keeps it: plain JSON (dates as ISO strings, PDFs as base64) for any store. */
export type SandboxEnvelope = {
  envelopeId: string;
  documentName: string;
  emailSubject: string;
  status: 'sent' | 'delivered' | 'completed' | 'voided';
  createdAt: string;
  completedAt: string | null;
  /** The PDF as sent. */
  originalPdfBase64: string;
  /** The PDF with every signature so far stamped on it. */
  pdfBase64: string;
  signers: SandboxSigner[];
};

/** Where the sandbox keeps envelopes: in memory by default; the server may keep them in its database. */
export type SandboxEnvelopeStore = {
  load(envelopeId: string): Promise<SandboxEnvelope | undefined>;
  save(envelope: SandboxEnvelope): Promise<void>;
};

export type SandboxESignature = ESignature & {
  /**
   * Who a signing link is for, or null for a link that is not valid (never issued, replaced by newer ones,
   * or its envelope voided). `expired`: the link was issued but its life is over (see signingLinkExpired);
   * every other call refuses it, and the caller may issue the signer a new one (signingUrl).
   * `envelopeCompleted`: every signer signed.
   */
  signerByToken(token: string): Promise<{
    envelopeId: string;
    role: SignerRole;
    name: string;
    email: string;
    signed: boolean;
    expired: boolean;
    envelopeCompleted: boolean;
  } | null>;
  /**
   * The letter as it stands (earlier signatures stamped) for the signer to read; marks the signer 'delivered'.
   * Null for a link that is not valid or has expired.
   */
  documentForReview(token: string): Promise<Uint8Array | null>;
  /**
   * Signs as the link's signer: `typedName` must be the signer's name (case and spaces aside). Stamps the
   * name, role and UTC time on the signer's signature line and the date on their date line, and completes
   * the envelope once every signer signed. Answers the 'recipient-completed' event (ask getEnvelope whether
   * the envelope is complete); signing again answers the same event. Rejects with one of
   * SANDBOX_SIGNING_MESSAGES.
   */
  sign(o: { token: string; typedName: string }): Promise<SignatureEvent>;
  /** The headers a Connect delivery of `rawBody` would carry (tests and the dev tools post sandbox events). */
  signWebhook(rawBody: string): Record<string, string>;
};

/** Keeps copies, never the caller's object: what is saved is what JSON would carry. */
export function createMemoryEnvelopeStore(): SandboxEnvelopeStore {
  const envelopes = new Map<string, string>();
  return {
    async load(envelopeId) {
      const json = envelopes.get(envelopeId);
      return json === undefined ? undefined : (JSON.parse(json) as SandboxEnvelope);
    },
    async save(envelope) {
      envelopes.set(envelope.envelopeId, JSON.stringify(envelope));
    },
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const TOKEN_RANDOM_BYTES = 24;

/**
 * A signer's token: the envelope id's 16 bytes then 192 random bits, base64url. The id lets a store that
 * only loads by envelope id find the envelope; the random part is the secret.
 */
function newToken(envelopeId: string): string {
  const id = Buffer.from(envelopeId.replaceAll('-', ''), 'hex');
  return Buffer.concat([id, randomBytes(TOKEN_RANDOM_BYTES)]).toString('base64url');
}

function envelopeIdOfToken(token: unknown): string | null {
  if (typeof token !== 'string' || !/^[A-Za-z0-9_-]{40,80}$/.test(token)) return null;
  const bytes = Buffer.from(token, 'base64url');
  if (bytes.length !== 16 + TOKEN_RANDOM_BYTES) return null;
  const hex = bytes.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const sameToken = (a: string, b: string): boolean => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** Case and spacing aside: 'jane  q. DOE ' matches 'Jane Q. Doe'. */
const normalizedName = (name: string): string =>
  name.normalize('NFKC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('en-US');

/**
 * The built-in e-signature service (docs/providers.md, E-signature): nothing leaves the machine. The product
 * emails each signer a link to its own signing page (`deliversEmail` is false) with the signer's token in the
 * URL fragment, which browsers never send to a server, so it stays out of access logs. The signer reads the
 * letter, types their name, and the sandbox stamps the signature onto the PDF.
 */
export function createSandboxESignature(o: {
  secret: string;
  signingPageUrl: string;
  store?: SandboxEnvelopeStore;
  now?: () => Date;
  /** The time zone whose day is written on a signer's date line (the agency's); UTC when not given. */
  timeZone?: string;
}): SandboxESignature {
  if (typeof o.secret !== 'string' || o.secret === '')
    throw new Error('E-signature sandbox: a secret is needed');
  if (o.signingPageUrl.includes('#'))
    throw new Error('E-signature sandbox: signingPageUrl has a fragment already');
  const store = o.store ?? createMemoryEnvelopeStore();
  const now = o.now ?? (() => new Date());

  // One change at a time per envelope, so two signers signing at once both land (load, stamp, save).
  const queues = new Map<string, Promise<unknown>>();
  const serialized = <T>(envelopeId: string, work: () => Promise<T>): Promise<T> => {
    const previous = queues.get(envelopeId) ?? Promise.resolve();
    const next = previous.then(work, work);
    const settled = next.then(
      () => undefined,
      () => undefined,
    );
    queues.set(envelopeId, settled);
    void settled.then(() => {
      if (queues.get(envelopeId) === settled) queues.delete(envelopeId);
    });
    return next;
  };

  const load = async (envelopeId: string): Promise<SandboxEnvelope> => {
    const envelope =
      typeof envelopeId === 'string' && UUID.test(envelopeId) ? await store.load(envelopeId) : undefined;
    if (!envelope) throw new Error(`E-signature sandbox: no envelope ${JSON.stringify(envelopeId)}`);
    return envelope;
  };

  const linksOf = (envelope: SandboxEnvelope, signer: SandboxSigner): SandboxLink[] =>
    signer.links ?? [{ token: signer.token, issuedAt: envelope.createdAt }];

  /** The envelope, signer and link a token opens, expired or not; null when it opens nothing. */
  const byToken = async (
    token: string,
  ): Promise<{ envelope: SandboxEnvelope; signer: SandboxSigner; expired: boolean } | null> => {
    const envelopeId = envelopeIdOfToken(token);
    const envelope = envelopeId ? await store.load(envelopeId) : undefined;
    // A voided envelope's links no longer open anything.
    if (!envelope || envelope.status === 'voided') return null;
    for (const signer of envelope.signers) {
      const link = linksOf(envelope, signer).find((l) => sameToken(l.token, token));
      if (!link) continue;
      const expired = signingLinkExpired({
        issuedAt: new Date(link.issuedAt),
        completedAt: envelope.completedAt ? new Date(envelope.completedAt) : null,
        now: now(),
      });
      return { envelope, signer, expired };
    }
    return null;
  };
  /** As byToken, but an expired link opens nothing either. */
  const byLiveToken = async (token: string) => {
    const found = await byToken(token);
    return found && !found.expired ? found : null;
  };

  // The event a Connect delivery of this signature would carry, with the same id (see connectEventId).
  const recipientCompleted = (envelope: SandboxEnvelope, signer: SandboxSigner): SignatureEvent => {
    const message = {
      event: 'recipient-completed',
      generatedDateTime: signer.signedAt ?? envelope.createdAt,
      data: { envelopeId: envelope.envelopeId, recipientId: RECIPIENT_IDS[signer.role] },
    };
    return {
      eventId: connectEventId(message),
      envelopeId: envelope.envelopeId,
      event: 'recipient-completed',
      role: signer.role,
    };
  };

  return {
    deliversEmail: false,

    async createEnvelope({ document, documentName, emailSubject, signers }) {
      if (!looksLikePdf(document)) throw new Error('E-signature sandbox: the document is not a PDF');
      checkSigners(signers);
      const pages = (await PDFDocument.load(document)).getPages().map((page) => page.getSize());
      checkPositionsOnDocument(signers, pages);
      const envelopeId = randomUUID();
      const pdfBase64 = Buffer.from(document).toString('base64');
      const createdAt = now().toISOString();
      await store.save({
        envelopeId,
        documentName,
        emailSubject,
        status: 'sent',
        createdAt,
        completedAt: null,
        originalPdfBase64: pdfBase64,
        pdfBase64,
        signers: signers.map((s) => {
          const token = newToken(envelopeId);
          return {
            role: s.role,
            name: s.name.trim(),
            email: s.email.trim(),
            token,
            links: [{ token, issuedAt: createdAt }],
            status: 'sent' as const,
            deliveredAt: null,
            signedAt: null,
            typedName: null,
            positions: s.positions,
          };
        }),
      });
      return { envelopeId, templateId: null };
    },

    // Each call issues a new link with its own life, as DocuSign mints a new recipient view each time; the
    // signer's earlier links keep working until they expire (or KEPT_LINKS newer ones replaced them). The
    // signing page knows where to send the signer afterwards, so returnUrl is not carried in the link.
    async signingUrl({ envelopeId, role, language }) {
      return serialized(envelopeId, async () => {
        const envelope = await load(envelopeId);
        const signer = envelope.signers.find((s) => s.role === role);
        if (!signer) throw new Error(`E-signature sandbox: envelope ${envelopeId} has no ${role} signer`);
        if (envelope.status === 'voided')
          throw new Error(`E-signature sandbox: envelope ${envelopeId} is voided`);
        const token = newToken(envelopeId);
        signer.links = [...linksOf(envelope, signer), { token, issuedAt: now().toISOString() }].slice(
          -KEPT_LINKS,
        );
        await store.save(envelope);
        // The language goes in the query, before the fragment: the page reads it, the server may log it. It is
        // named even when English, as the page must open in the letter's language whatever the device chose.
        const page = language === undefined ? o.signingPageUrl : linkAskingFor(o.signingPageUrl, language);
        return `${page}#t=${token}`;
      });
    },

    async voidEnvelope(envelopeId) {
      return serialized(envelopeId, async () => {
        const envelope = await load(envelopeId);
        if (envelope.status === 'voided') return;
        if (envelope.status === 'completed')
          throw new Error(`E-signature sandbox: envelope ${envelopeId} is completed`);
        envelope.status = 'voided';
        await store.save(envelope);
      });
    },

    async getEnvelope(envelopeId): Promise<EnvelopeStatus> {
      const envelope = await load(envelopeId);
      return {
        envelopeId: envelope.envelopeId,
        status: envelope.status,
        signers: envelope.signers.map((s) => ({ role: s.role, status: s.status, signedAt: s.signedAt })),
      };
    },

    async getSignedDocument(envelopeId) {
      const envelope = await load(envelopeId);
      if (envelope.status !== 'completed') {
        throw new Error(`E-signature sandbox: envelope ${envelopeId} is not completed (${envelope.status})`);
      }
      return new Uint8Array(Buffer.from(envelope.pdfBase64, 'base64'));
    },

    verifyWebhook: (request) => verifyConnectWebhook(o.secret, request),

    signWebhook: (rawBody) => ({
      [CONNECT_SIGNATURE_HEADER]: connectSignature(o.secret, rawBody),
      'x-authorization-digest': 'HMACSHA256',
      'content-type': 'application/json',
    }),

    async signerByToken(token) {
      const found = await byToken(token);
      if (!found) return null;
      const { envelope, signer, expired } = found;
      return {
        envelopeId: envelope.envelopeId,
        role: signer.role,
        name: signer.name,
        email: signer.email,
        signed: signer.status === 'completed',
        expired,
        envelopeCompleted: envelope.status === 'completed',
      };
    },

    async documentForReview(token) {
      const envelopeId = envelopeIdOfToken(token);
      if (!envelopeId) return null;
      return serialized(envelopeId, async () => {
        const found = await byLiveToken(token);
        if (!found) return null;
        const { envelope, signer } = found;
        if (signer.status === 'sent') {
          signer.status = 'delivered';
          signer.deliveredAt = now().toISOString();
          // DocuSign's envelope is 'delivered' once every recipient opened it.
          if (envelope.status === 'sent' && envelope.signers.every((s) => s.status !== 'sent')) {
            envelope.status = 'delivered';
          }
          await store.save(envelope);
        }
        return new Uint8Array(Buffer.from(envelope.pdfBase64, 'base64'));
      });
    },

    async sign({ token, typedName }) {
      const envelopeId = envelopeIdOfToken(token);
      if (!envelopeId) throw new SandboxSigningRefusal('invalidLink');
      return serialized(envelopeId, async () => {
        const found = await byToken(token);
        if (!found) throw new SandboxSigningRefusal('invalidLink');
        if (found.expired) throw new SandboxSigningRefusal('expired');
        const { envelope, signer } = found;
        if (typeof typedName !== 'string' || normalizedName(typedName) !== normalizedName(signer.name)) {
          throw new SandboxSigningRefusal('nameMismatch');
        }
        if (signer.status === 'completed') return recipientCompleted(envelope, signer);

        const signedAt = now();
        const typed = typedName.trim().replace(/\s+/g, ' ');
        const pdf = await stampSignature(new Uint8Array(Buffer.from(envelope.pdfBase64, 'base64')), {
          role: signer.role,
          fullName: typed,
          signedAt,
          positions: signer.positions,
          timeZone: o.timeZone,
        });
        envelope.pdfBase64 = Buffer.from(pdf).toString('base64');
        signer.status = 'completed';
        signer.signedAt = signedAt.toISOString();
        signer.deliveredAt ??= signer.signedAt;
        signer.typedName = typed;
        if (envelope.signers.every((s) => s.status === 'completed')) {
          envelope.status = 'completed';
          envelope.completedAt = signer.signedAt;
        } else if (envelope.signers.every((s) => s.status !== 'sent')) {
          envelope.status = 'delivered';
        }
        await store.save(envelope);
        return recipientCompleted(envelope, signer);
      });
    },
  };
}

// ------------------------------------------------------------------ stamping the PDF

const STAMP = { size: 8, color: rgb(0.05, 0.2, 0.55) };
/** The stamps sit this far above their line, as handwriting would. */
const ABOVE_LINE = 4;

/**
 * The stamp's words in the document's language (its /Lang, which the letter's renderer sets: es-US for a
 * Spanish letter); English for a document that names no language of ours.
 */
function stampWords(doc: PDFDocument) {
  const lang = doc.catalog.lookup(PDFName.of('Lang'));
  const tag = lang instanceof PDFString || lang instanceof PDFHexString ? lang.decodeText() : '';
  const primary = tag.trim().toLowerCase().split('-')[0];
  const language = isLanguage(primary) ? primary : DEFAULT_LANGUAGE;
  const intl = createIntl({ locale: LOCALE[language], messages: ALL_CATALOGS[language] });
  const signedBy = (name: string, role: SignerRole, when: string) =>
    intl.formatMessage(SIGNATURE_STAMP_MESSAGES.signedBy, { name, role, when });
  const marker = '\u0000';
  const sample = signedBy(marker, 'borrower', '');
  return {
    pageTitle: intl.formatMessage(SIGNATURE_STAMP_MESSAGES.pageTitle),
    signedBy,
    /** What every stamp begins with ("Signed electronically by "), to find the earlier ones. */
    prefix: sample.slice(0, sample.indexOf(marker)),
  };
}

/** '2026-03-15 14:03:05 UTC' */
const utc = (d: Date): string => `${d.toISOString().slice(0, 19).replace('T', ' ')} UTC`;

/**
 * Stamps "Signed electronically by NAME (role) on TIME UTC" onto the PDF: on the signer's signature line and
 * the date (yyyy-MM-dd, the day it is in `timeZone` then: a letter signed at 23:30 in New York is dated that
 * day, as the signer wrote it by hand would) on their date line when `positions` says where they are (the Letter of Authorization
 * does), else on a signatures page at the end. Nothing else is drawn: no hidden marker for a later stamp to
 * find, as text extraction would show it.
 */
export async function stampSignature(
  pdf: Uint8Array,
  o: { role: SignerRole; fullName: string; signedAt: Date; positions?: SignerPositions; timeZone?: string },
): Promise<Uint8Array> {
  const doc = await PDFDocument.load(pdf);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const words = stampWords(doc);
  const text = encodable(words.signedBy(o.fullName, o.role, utc(o.signedAt)), font);

  if (o.positions) {
    const { signature, date } = o.positions;
    doc.getPage(signature.page - 1).drawText(text, {
      x: signature.x,
      y: signature.y + ABOVE_LINE,
      size: STAMP.size,
      font,
      color: STAMP.color,
    });
    doc.getPage(date.page - 1).drawText(dayIn(o.signedAt, o.timeZone ?? 'UTC'), {
      x: date.x,
      y: date.y + ABOVE_LINE,
      size: 10,
      font,
      color: STAMP.color,
    });
  } else {
    stampOnSignaturesPage(doc, font, text, words);
  }
  return doc.save();
}

/** Below the last stamp of the signatures page this sandbox added at the end, or on a new one. */
function stampOnSignaturesPage(
  doc: PDFDocument,
  font: PDFFont,
  text: string,
  words: { pageTitle: string; prefix: string },
): void {
  const lastPage = doc.getPageCount() - 1;
  const onLastPage = (m: { page: number }) => m.page === lastPage;
  const title = encodable(words.pageTitle, font);
  const isSignaturesPage = findText(doc, title).some(onLastPage);
  const stamps = isSignaturesPage
    ? findText(doc, encodable(words.prefix, font), { prefix: true }).filter(onLastPage)
    : [];
  const lowest = stamps.reduce((min, m) => Math.min(min, m.y), Number.POSITIVE_INFINITY);
  let page;
  let y: number;
  if (isSignaturesPage && (stamps.length === 0 || lowest - 20 > 72)) {
    page = doc.getPage(lastPage);
    y = stamps.length === 0 ? 792 - 124 : lowest - 20;
  } else {
    page = doc.addPage([612, 792]);
    page.drawText(title, { x: 72, y: 792 - 90, size: 14, font, color: rgb(0, 0, 0) });
    y = 792 - 124;
  }
  page.drawText(text, { x: 72, y, size: 10, font, color: STAMP.color });
}

/**
 * Where a text is drawn in one piece (or, with `prefix`, a text starting with it), in page order: reads the
 * page content streams for the operators pdf-lib (and most producers) write, `1 0 0 1 x y Tm` then the text
 * as a hex or literal string and `Tj`.
 */
function findText(
  doc: PDFDocument,
  needle: string,
  o: { prefix?: boolean } = {},
): { page: number; x: number; y: number }[] {
  const hex = Buffer.from(needle, 'latin1').toString('hex');
  const literal = needle.replace(/[\\()]/g, (c) => `\\${c}`);
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const rest = o.prefix ? { hex: '[0-9a-f]*', literal: '(?:[^()\\\\]|\\\\.)*' } : { hex: '', literal: '' };
  const pattern = new RegExp(
    `1 0 0 1 (-?[\\d.]+) (-?[\\d.]+) Tm\\s+(?:<${hex}${rest.hex}>|\\(${escape(literal)}${rest.literal}\\))\\s*Tj`,
    'gi',
  );
  const found: { page: number; x: number; y: number }[] = [];
  doc.getPages().forEach((page, index) => {
    const contents = page.node.Contents();
    const streams =
      contents instanceof PDFArray ? contents.asArray().map((r) => doc.context.lookup(r)) : [contents];
    for (const stream of streams) {
      if (!(stream instanceof PDFRawStream)) continue;
      const content = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
      for (const m of content.matchAll(pattern))
        found.push({ page: index, x: Number(m[1]), y: Number(m[2]) });
    }
  });
  return found;
}

/** What Helvetica (WinAnsi) cannot encode, without its accent or as '?', so no name fails the stamp. */
function encodable(text: string, font: PDFFont): string {
  const supported = new Set(font.getCharacterSet());
  const ok = (ch: string) => supported.has(ch.codePointAt(0) ?? -1);
  let out = '';
  for (const ch of text) out += ok(ch) ? ch : [...ch.normalize('NFKD')].filter(ok).join('') || '?';
  return out;
}
