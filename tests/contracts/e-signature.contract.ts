import { createHmac, randomUUID } from 'node:crypto';
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream, StandardFonts } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import type { EnvelopeSigner, ESignature, SignerPositions, SignerRole } from '#providers/e-signature/port';

export type ESignatureHarness = {
  eSignature: ESignature;
  /** Signs as `role`, the way that provider's signer would (the sandbox's page, DocuSign's test hook). */
  completeSigning: (envelopeId: string, role: SignerRole) => Promise<void>;
  /** The headers the provider's webhook delivery of `rawBody` carries. */
  signWebhook: (rawBody: string) => Record<string, string>;
};

/** The signature and date lines of each signer on contractPdf's one page, as the real letter answers them. */
export const CONTRACT_POSITIONS = {
  borrower: { signature: { page: 1, x: 72, y: 500 }, date: { page: 1, x: 382, y: 500 } },
  spouse: { signature: { page: 1, x: 72, y: 400 }, date: { page: 1, x: 382, y: 400 } },
} as const satisfies Record<SignerRole, SignerPositions>;

export const CONTRACT_BORROWER: EnvelopeSigner = {
  role: 'borrower',
  name: 'Jane Q. Doe',
  email: 'jane.doe@example.org',
  positions: CONTRACT_POSITIONS.borrower,
};
export const CONTRACT_SPOUSE: EnvelopeSigner = {
  role: 'spouse',
  name: 'John Doe',
  email: 'john.doe@example.org',
  positions: CONTRACT_POSITIONS.spouse,
};
const BORROWER = CONTRACT_BORROWER;
const SPOUSE = CONTRACT_SPOUSE;

/** A one-page letter with both roles' signature and date lines at CONTRACT_POSITIONS, and no hidden text. */
export async function contractPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  page.drawText('Letter of Authorization (contract test)', { x: 72, y: 700, size: 14, font });
  for (const { signature, date } of Object.values(CONTRACT_POSITIONS)) {
    page.drawLine({ start: signature, end: { x: signature.x + 270, y: signature.y }, thickness: 0.8 });
    page.drawLine({ start: date, end: { x: 540, y: date.y }, thickness: 0.8 });
  }
  return doc.save();
}

/**
 * The text drawn on each page, one string per page, a line per text-showing operator: enough to check what a
 * PDF says without a PDF text extractor (pdf-lib writes each line as one hex string).
 */
export async function pdfText(pdf: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(pdf);
  return doc.getPages().map((page) => {
    const contents = page.node.Contents();
    const streams =
      contents instanceof PDFArray ? contents.asArray().map((r) => doc.context.lookup(r)) : [contents];
    const lines: string[] = [];
    for (const stream of streams) {
      if (!(stream instanceof PDFRawStream)) continue;
      const content = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
      for (const m of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) {
        lines.push(Buffer.from(m[1] ?? '', 'hex').toString('latin1'));
      }
    }
    return lines.join('\n');
  });
}

/** A DocuSign Connect (JSON SIM) message, as documented; `recipientId` names the signer on recipient events. */
export function connectBody(o: {
  event: string;
  envelopeId: string;
  recipientId?: string;
  at?: string;
}): string {
  return JSON.stringify({
    event: o.event,
    apiVersion: 'v2.1',
    uri: `/restapi/v2.1/accounts/00000000-0000-0000-0000-000000000000/envelopes/${o.envelopeId}`,
    retryCount: 0,
    configurationId: 10_000_001,
    generatedDateTime: o.at ?? '2026-03-15T14:03:05.1234567Z',
    data: {
      accountId: '00000000-0000-0000-0000-000000000000',
      userId: '00000000-0000-0000-0000-000000000001',
      envelopeId: o.envelopeId,
      ...(o.recipientId ? { recipientId: o.recipientId } : {}),
    },
  });
}

/**
 * The suite every e-signature adapter passes, sandbox or DocuSign. A real adapter runs it against the vendor's
 * demo environment with a test account (signing then needs a person, or the fake in tests/fakes).
 */
export function eSignatureContract(make: () => Promise<ESignatureHarness>): void {
  describe('e-signature contract', () => {
    const send = async (h: ESignatureHarness, signers: EnvelopeSigner[]) =>
      h.eSignature.createEnvelope({
        document: await contractPdf(),
        documentName: 'Letter of Authorization.pdf',
        emailSubject: 'Please sign your Letter of Authorization',
        signers,
      });

    it('creates an envelope for the borrower alone, every signer waiting', async () => {
      const h = await make();
      const { envelopeId, templateId } = await send(h, [BORROWER]);
      expect(envelopeId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
      expect(templateId === null || typeof templateId === 'string').toBe(true);
      const status = await h.eSignature.getEnvelope(envelopeId);
      expect(status.envelopeId).toBe(envelopeId);
      expect(['sent', 'delivered']).toContain(status.status);
      expect(status.signers).toEqual([
        { role: 'borrower', status: expect.stringMatching(/^(sent|delivered)$/), signedAt: null },
      ]);
    });

    it('creates an envelope for the borrower and the spouse, a new id each time', async () => {
      const h = await make();
      const first = await send(h, [BORROWER, SPOUSE]);
      const second = await send(h, [BORROWER, SPOUSE]);
      expect(first.envelopeId).not.toBe(second.envelopeId);
      const status = await h.eSignature.getEnvelope(first.envelopeId);
      expect(status.status).not.toBe('completed');
      expect(status.signers.map((s) => s.role).sort()).toEqual(['borrower', 'spouse']);
      for (const signer of status.signers) {
        expect(signer.status).not.toBe('completed');
        expect(signer.signedAt).toBeNull();
      }
    });

    it('answers a signing URL for each signer', async () => {
      const h = await make();
      const { envelopeId } = await send(h, [BORROWER, SPOUSE]);
      const returnUrl = 'https://app.example.org/enrollment/signed';
      const urls = await Promise.all(
        (['borrower', 'spouse'] as const).map((role) =>
          h.eSignature.signingUrl({ envelopeId, role, returnUrl }),
        ),
      );
      for (const url of urls) expect(() => new URL(url)).not.toThrow();
      expect(urls[0]).not.toBe(urls[1]);
    });

    it('keeps the envelope open while the spouse has not signed', async () => {
      const h = await make();
      const { envelopeId } = await send(h, [BORROWER, SPOUSE]);
      await h.completeSigning(envelopeId, 'borrower');
      const status = await h.eSignature.getEnvelope(envelopeId);
      expect(status.status).not.toBe('completed');
      const borrower = status.signers.find((s) => s.role === 'borrower');
      const spouse = status.signers.find((s) => s.role === 'spouse');
      expect(borrower?.status).toBe('completed');
      expect(Number.isNaN(Date.parse(borrower?.signedAt ?? ''))).toBe(false);
      expect(spouse?.status).not.toBe('completed');
      expect(spouse?.signedAt).toBeNull();
      await expect(h.eSignature.getSignedDocument(envelopeId)).rejects.toThrow();
    });

    it.each([
      ['the borrower alone', [BORROWER]],
      ['the borrower and the spouse', [BORROWER, SPOUSE]],
    ])('completes once %s signed, and only then answers the signed PDF', async (_label, signers) => {
      const h = await make();
      const { envelopeId } = await send(h, signers);
      await expect(h.eSignature.getSignedDocument(envelopeId)).rejects.toThrow();
      for (const s of [...signers].reverse()) await h.completeSigning(envelopeId, s.role);
      const status = await h.eSignature.getEnvelope(envelopeId);
      expect(status.status).toBe('completed');
      expect(status.signers).toHaveLength(signers.length);
      for (const signer of status.signers) {
        expect(signer.status).toBe('completed');
        expect(Number.isNaN(Date.parse(signer.signedAt ?? ''))).toBe(false);
      }
      const signed = await h.eSignature.getSignedDocument(envelopeId);
      expect(Buffer.from(signed.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
      await expect(PDFDocument.load(signed)).resolves.toBeTruthy();
    });

    it.each([
      ['no signer', []],
      ['no borrower', [SPOUSE]],
      ['two borrowers', [BORROWER, { ...BORROWER, email: 'other@example.org' }]],
      ['a signer without an email', [{ ...BORROWER, email: '' }]],
    ])('refuses an envelope with %s', async (_label, signers) => {
      const h = await make();
      await expect(send(h, signers)).rejects.toThrow();
    });

    it.each([
      ['on a page the document does not have', { page: 2, x: 72, y: 500 }],
      ['beyond the edge of the page', { page: 1, x: 72, y: 900 }],
      ['on page 0', { page: 0, x: 72, y: 500 }],
    ])('refuses a place to sign %s', async (_label, signature) => {
      const h = await make();
      await expect(
        send(h, [{ ...BORROWER, positions: { ...BORROWER.positions, signature } }]),
      ).rejects.toThrow();
    });

    it('refuses a document that is not a PDF', async () => {
      const h = await make();
      await expect(
        h.eSignature.createEnvelope({
          document: new TextEncoder().encode('<html>not a pdf</html>'),
          documentName: 'letter.pdf',
          emailSubject: 'Sign',
          signers: [BORROWER],
        }),
      ).rejects.toThrow();
    });

    it('voids an unsigned envelope (twice does nothing), and refuses to void a completed one', async () => {
      const h = await make();
      const { envelopeId } = await send(h, [BORROWER]);
      await h.eSignature.voidEnvelope(envelopeId, 'The letter was made again with a later first draft date.');
      expect((await h.eSignature.getEnvelope(envelopeId)).status).toBe('voided');
      await h.eSignature.voidEnvelope(envelopeId, 'again');
      const signed = await send(h, [BORROWER]);
      await h.completeSigning(signed.envelopeId, 'borrower');
      await expect(h.eSignature.voidEnvelope(signed.envelopeId, 'too late')).rejects.toThrow();
    });

    it('rejects for an envelope it does not know', async () => {
      const h = await make();
      const unknown = randomUUID();
      await expect(h.eSignature.getEnvelope(unknown)).rejects.toThrow();
      await expect(h.eSignature.getSignedDocument(unknown)).rejects.toThrow();
      await expect(
        h.eSignature.signingUrl({ envelopeId: unknown, role: 'borrower', returnUrl: 'https://example.org/' }),
      ).rejects.toThrow();
    });

    it('rejects a signing URL for a signer the envelope does not have', async () => {
      const h = await make();
      const { envelopeId } = await send(h, [BORROWER]);
      await expect(
        h.eSignature.signingUrl({ envelopeId, role: 'spouse', returnUrl: 'https://example.org/' }),
      ).rejects.toThrow();
    });

    describe('webhook', () => {
      const envelopeId = '93be49ab-afa0-4c1b-8d7e-0123456789ab';

      it.each([
        ['recipient-completed', '1', 'recipient-completed', 'borrower'],
        ['recipient-completed', '2', 'recipient-completed', 'spouse'],
        ['envelope-completed', undefined, 'envelope-completed', null],
        ['envelope-declined', undefined, 'envelope-declined', null],
        ['envelope-voided', undefined, 'envelope-voided', null],
        ['envelope-sent', undefined, 'other', null],
        ['recipient-delivered', '1', 'other', 'borrower'],
      ] as const)('verifies a signed %s (recipient %s) event', async (event, recipientId, expected, role) => {
        const h = await make();
        const rawBody = connectBody({ event, envelopeId, ...(recipientId ? { recipientId } : {}) });
        const verified = h.eSignature.verifyWebhook({ rawBody, headers: h.signWebhook(rawBody) });
        expect(verified).toEqual({ eventId: expect.any(String), envelopeId, event: expected, role });
        expect(verified?.eventId).not.toBe('');
      });

      it('gives a redelivered event its id again, and another event another id', async () => {
        const h = await make();
        const verify = (rawBody: string) =>
          h.eSignature.verifyWebhook({ rawBody, headers: h.signWebhook(rawBody) });
        const first = verify(connectBody({ event: 'recipient-completed', envelopeId, recipientId: '1' }));
        // A retry: same event, a later retryCount.
        const retry = verify(
          connectBody({ event: 'recipient-completed', envelopeId, recipientId: '1' }).replace(
            '"retryCount":0',
            '"retryCount":3',
          ),
        );
        const spouse = verify(connectBody({ event: 'recipient-completed', envelopeId, recipientId: '2' }));
        const completed = verify(connectBody({ event: 'envelope-completed', envelopeId }));
        expect(retry?.eventId).toBe(first?.eventId);
        expect(new Set([first?.eventId, spouse?.eventId, completed?.eventId]).size).toBe(3);
      });

      it('reads the signature header whatever its case', async () => {
        const h = await make();
        const rawBody = connectBody({ event: 'envelope-completed', envelopeId });
        const headers = Object.fromEntries(
          Object.entries(h.signWebhook(rawBody)).map(([k, v]) => [
            k.replace(/(^|-)([a-z])/g, (m) => m.toUpperCase()),
            v,
          ]),
        );
        expect(h.eSignature.verifyWebhook({ rawBody, headers })?.event).toBe('envelope-completed');
      });

      it.each([
        [
          'signed with another key',
          (rawBody: string) => ({
            'x-docusign-signature-1': createHmac('sha256', 'not-the-key').update(rawBody).digest('base64'),
          }),
          (rawBody: string) => rawBody,
        ],
        [
          'whose body was changed',
          undefined,
          (rawBody: string) => rawBody.replace('envelope-voided', 'envelope-completed'),
        ],
        ['with a byte added', undefined, (rawBody: string) => `${rawBody} `],
        ['without the signature header', () => ({}), (rawBody: string) => rawBody],
        ['with an empty signature', () => ({ 'x-docusign-signature-1': '' }), (rawBody: string) => rawBody],
        [
          'with a garbage signature',
          () => ({ 'x-docusign-signature-1': 'bm90IGEgc2lnbmF0dXJl' }),
          (b: string) => b,
        ],
      ])('refuses a delivery %s', async (_label, headersFor, deliver) => {
        const h = await make();
        const rawBody = connectBody({ event: 'envelope-voided', envelopeId });
        const headers = headersFor ? headersFor(rawBody) : h.signWebhook(rawBody);
        expect(h.eSignature.verifyWebhook({ rawBody: deliver(rawBody), headers })).toBeNull();
      });

      it.each([
        ['not JSON', 'event=envelope-completed'],
        [
          'JSON without an envelope id',
          JSON.stringify({ event: 'envelope-completed', generatedDateTime: 'x', data: {} }),
        ],
      ])('answers null for a correctly signed body that is %s', async (_label, rawBody) => {
        const h = await make();
        expect(h.eSignature.verifyWebhook({ rawBody, headers: h.signWebhook(rawBody) })).toBeNull();
      });
    });
  });
}
