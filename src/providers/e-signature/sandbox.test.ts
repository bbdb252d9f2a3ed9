import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  CONTRACT_BORROWER,
  CONTRACT_POSITIONS,
  CONTRACT_SPOUSE,
  contractPdf,
  eSignatureContract,
  pdfText,
} from '#tests/contracts/e-signature.contract';
import { connectMessage } from './connect-webhook';
import type { EnvelopeSigner, SignerRole } from './port';
import {
  createMemoryEnvelopeStore,
  createSandboxESignature,
  SANDBOX_SIGNING_MESSAGES,
  type SandboxEnvelope,
  type SandboxESignature,
  stampSignature,
} from './sandbox';

const SIGNING_PAGE = 'https://app.example.org/enrollment/sign';
const BORROWER = CONTRACT_BORROWER;
const SPOUSE = CONTRACT_SPOUSE;

const tokenOf = (url: string): string => {
  const hash = new URL(url).hash;
  expect(hash.startsWith('#t=')).toBe(true);
  return hash.slice('#t='.length);
};

const linkOf = async (sandbox: SandboxESignature, envelopeId: string, role: SignerRole) =>
  tokenOf(await sandbox.signingUrl({ envelopeId, role, returnUrl: 'https://app.example.org/done' }));

eSignatureContract(async () => {
  const sandbox = createSandboxESignature({ secret: 'contract-secret', signingPageUrl: SIGNING_PAGE });
  return {
    eSignature: sandbox,
    completeSigning: async (envelopeId, role) => {
      const token = await linkOf(sandbox, envelopeId, role);
      const signer = await sandbox.signerByToken(token);
      await sandbox.sign({ token, typedName: signer?.name ?? '' });
    },
    signWebhook: sandbox.signWebhook,
  };
});

describe('sandbox e-signature (docs/providers.md)', () => {
  let clock = 0;
  beforeEach(() => {
    clock = Date.parse('2026-03-15T14:03:05Z');
  });
  const setup = async (signers: EnvelopeSigner[] = [BORROWER, SPOUSE], document?: Uint8Array) => {
    const store = createMemoryEnvelopeStore();
    const sandbox = createSandboxESignature({
      secret: 'sandbox-secret',
      signingPageUrl: SIGNING_PAGE,
      store,
      now: () => new Date(clock),
    });
    const original = document ?? (await contractPdf());
    const { envelopeId } = await sandbox.createEnvelope({
      document: original,
      documentName: 'Letter of Authorization.pdf',
      emailSubject: 'Please sign',
      signers,
    });
    return { sandbox, store, envelopeId, original };
  };

  it('does not email: the product sends each signer the link', () => {
    expect(createSandboxESignature({ secret: 's', signingPageUrl: SIGNING_PAGE }).deliversEmail).toBe(false);
  });

  it('links each signer to the signing page with a token of their own in the URL fragment', async () => {
    const { sandbox, envelopeId } = await setup();
    const url = await sandbox.signingUrl({
      envelopeId,
      role: 'borrower',
      returnUrl: 'https://x.example.org/',
    });
    expect(url.startsWith(`${SIGNING_PAGE}#t=`)).toBe(true);
    const borrower = tokenOf(url);
    const spouse = await linkOf(sandbox, envelopeId, 'spouse');
    expect(borrower).not.toBe(spouse);
    // At least 128 random bits, base64url.
    for (const token of [borrower, spouse]) expect(token).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    // A new link each time it is asked for, as DocuSign mints a new view; the earlier one keeps working.
    const again = await linkOf(sandbox, envelopeId, 'borrower');
    expect(again).not.toBe(borrower);
    expect((await sandbox.signerByToken(borrower))?.role).toBe('borrower');
    expect((await sandbox.signerByToken(again))?.role).toBe('borrower');
    const other = await setup();
    expect(await linkOf(other.sandbox, other.envelopeId, 'borrower')).not.toBe(borrower);
  });

  it('asks for the letter’s language in the link’s query, before the token', async () => {
    const { sandbox, envelopeId } = await setup();
    const spanish = await sandbox.signingUrl({
      envelopeId,
      role: 'borrower',
      returnUrl: 'https://x/',
      language: 'es',
    });
    expect(spanish.startsWith(`${SIGNING_PAGE}?lang=es#t=`)).toBe(true);
    expect((await sandbox.signerByToken(tokenOf(spanish)))?.role).toBe('borrower');
    const english = await sandbox.signingUrl({
      envelopeId,
      role: 'borrower',
      returnUrl: 'https://x/',
      language: 'en',
    });
    // English is named too, so a device that chose Spanish before opens an English signer's letter in English.
    expect(english.startsWith(`${SIGNING_PAGE}?lang=en#t=`)).toBe(true);
  });

  it('tells who a link is for, and nothing for a link that is not valid', async () => {
    const { sandbox, envelopeId } = await setup();
    const token = await linkOf(sandbox, envelopeId, 'spouse');
    await expect(sandbox.signerByToken(token)).resolves.toEqual({
      envelopeId,
      role: 'spouse',
      name: 'John Doe',
      email: 'john.doe@example.org',
      signed: false,
      expired: false,
      envelopeCompleted: false,
    });
    const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    const otherEnvelope = (await setup()).envelopeId;
    const foreign = Buffer.concat([
      Buffer.from(otherEnvelope.replaceAll('-', ''), 'hex'),
      Buffer.from(token, 'base64url').subarray(16),
    ]).toString('base64url');
    for (const bad of [tampered, foreign, '', 'not a token', token.slice(0, 30), `${token}AAAA`]) {
      await expect(sandbox.signerByToken(bad)).resolves.toBeNull();
      await expect(sandbox.documentForReview(bad)).resolves.toBeNull();
      await expect(sandbox.sign({ token: bad, typedName: 'John Doe' })).rejects.toThrow(
        SANDBOX_SIGNING_MESSAGES.invalidLink,
      );
    }
  });

  it('expires a link 14 days after it was issued: it then opens, shows and signs nothing', async () => {
    const { sandbox, envelopeId } = await setup();
    const token = await linkOf(sandbox, envelopeId, 'borrower');
    clock += 14 * 86_400_000 - 1;
    expect(await sandbox.signerByToken(token)).toMatchObject({ expired: false });
    clock += 1;
    expect(await sandbox.signerByToken(token)).toMatchObject({ role: 'borrower', expired: true });
    await expect(sandbox.documentForReview(token)).resolves.toBeNull();
    await expect(sandbox.sign({ token, typedName: 'Jane Q. Doe' })).rejects.toThrow(
      SANDBOX_SIGNING_MESSAGES.expired,
    );
    // A link issued now has a life of its own.
    const fresh = await linkOf(sandbox, envelopeId, 'borrower');
    expect(await sandbox.signerByToken(fresh)).toMatchObject({ expired: false });
    await expect(sandbox.sign({ token: fresh, typedName: 'Jane Q. Doe' })).resolves.toMatchObject({
      role: 'borrower',
    });
  });

  it('expires every link a day after the envelope completed, even one issued the same day', async () => {
    const { sandbox, envelopeId } = await setup([BORROWER]);
    const token = await linkOf(sandbox, envelopeId, 'borrower');
    await sandbox.sign({ token, typedName: 'Jane Q. Doe' });
    clock += 24 * 3_600_000 - 1;
    expect(await sandbox.signerByToken(token)).toMatchObject({
      signed: true,
      envelopeCompleted: true,
      expired: false,
    });
    clock += 1;
    expect(await sandbox.signerByToken(token)).toMatchObject({ expired: true });
  });

  it('keeps a signer’s five newest links: an older one stops opening before it expires', async () => {
    const { sandbox, envelopeId } = await setup();
    const first = await linkOf(sandbox, envelopeId, 'spouse');
    for (let i = 0; i < 5; i += 1) await linkOf(sandbox, envelopeId, 'spouse');
    await expect(sandbox.signerByToken(first)).resolves.toBeNull();
  });

  it('shows the letter for review and marks the signer, then the envelope, delivered', async () => {
    const { sandbox, envelopeId, original } = await setup();
    const review = await sandbox.documentForReview(await linkOf(sandbox, envelopeId, 'borrower'));
    expect(review && Buffer.from(review).equals(Buffer.from(original))).toBe(true);
    let status = await sandbox.getEnvelope(envelopeId);
    expect(status.status).toBe('sent');
    expect(status.signers.map((s) => s.status)).toEqual(['delivered', 'sent']);
    await sandbox.documentForReview(await linkOf(sandbox, envelopeId, 'spouse'));
    status = await sandbox.getEnvelope(envelopeId);
    expect(status.status).toBe('delivered');
    expect(status.signers.map((s) => s.status)).toEqual(['delivered', 'delivered']);
  });

  it.each(['Jane Doe', 'Jane Q Doe', 'John Doe', 'J. Doe', ''])(
    'refuses the typed name %j, which is not the name on the letter',
    async (typedName) => {
      const { sandbox, envelopeId } = await setup();
      const token = await linkOf(sandbox, envelopeId, 'borrower');
      await expect(sandbox.sign({ token, typedName })).rejects.toThrow(
        'The name you typed does not match the name on the letter.',
      );
      expect((await sandbox.getEnvelope(envelopeId)).signers[0]).toEqual({
        role: 'borrower',
        status: 'sent',
        signedAt: null,
      });
    },
  );

  it.each(['Jane Q. Doe', 'jane q. doe', '  JANE   Q.  DOE  ', 'Jane\tQ.\nDoe'])(
    'accepts %j: case and spaces do not matter',
    async (typedName) => {
      const { sandbox, envelopeId } = await setup();
      const token = await linkOf(sandbox, envelopeId, 'borrower');
      await expect(sandbox.sign({ token, typedName })).resolves.toMatchObject({ role: 'borrower' });
    },
  );

  it('signs: stamps the typed name, role and UTC time on the signer’s line, and answers the event', async () => {
    const { sandbox, envelopeId, original } = await setup();
    const token = await linkOf(sandbox, envelopeId, 'borrower');
    const event = await sandbox.sign({ token, typedName: ' jane q. DOE' });
    expect(event).toEqual({
      eventId: expect.any(String),
      envelopeId,
      event: 'recipient-completed',
      role: 'borrower',
    });

    const status = await sandbox.getEnvelope(envelopeId);
    expect(status.status).toBe('sent');
    expect(status.signers).toEqual([
      { role: 'borrower', status: 'completed', signedAt: '2026-03-15T14:03:05.000Z' },
      { role: 'spouse', status: 'sent', signedAt: null },
    ]);
    await expect(sandbox.signerByToken(token)).resolves.toMatchObject({ signed: true });

    const review = await sandbox.documentForReview(await linkOf(sandbox, envelopeId, 'spouse'));
    expect(review).not.toBeNull();
    const pages = await pdfText(review ?? new Uint8Array());
    expect(pages).toHaveLength(1);
    expect(pages[0]).toContain('Signed electronically by jane q. DOE (borrower) on 2026-03-15 14:03:05 UTC');
    expect(pages[0]).toContain('2026-03-15');
    expect(review?.length).toBeGreaterThan(original.length);
  });

  it('is idempotent: signing again answers the same event and changes nothing', async () => {
    const { sandbox, envelopeId, store } = await setup();
    const token = await linkOf(sandbox, envelopeId, 'borrower');
    const first = await sandbox.sign({ token, typedName: 'Jane Q. Doe' });
    const before = await store.load(envelopeId);
    clock += 60_000;
    const again = await sandbox.sign({ token, typedName: 'Jane Q. Doe' });
    expect(again).toEqual(first);
    expect(await store.load(envelopeId)).toEqual(before);
  });

  it('completes the envelope when the last signer signs; the signed PDF carries both stamps', async () => {
    const { sandbox, envelopeId, original } = await setup();
    await sandbox.sign({ token: await linkOf(sandbox, envelopeId, 'spouse'), typedName: 'john doe' });
    clock += 3_600_000;
    await sandbox.sign({ token: await linkOf(sandbox, envelopeId, 'borrower'), typedName: 'Jane Q. Doe' });
    const status = await sandbox.getEnvelope(envelopeId);
    expect(status.status).toBe('completed');
    const signed = await sandbox.getSignedDocument(envelopeId);
    expect(signed.length).toBeGreaterThan(original.length);
    await expect(PDFDocument.load(signed)).resolves.toBeTruthy();
    const [text] = await pdfText(signed);
    expect(text).toContain('Signed electronically by john doe (spouse) on');
    expect(text).toContain('Signed electronically by Jane Q. Doe (borrower) on');
  });

  it('lands both signatures when the two sign at the same moment', async () => {
    const { sandbox, envelopeId } = await setup();
    const [borrower, spouse] = await Promise.all([
      linkOf(sandbox, envelopeId, 'borrower'),
      linkOf(sandbox, envelopeId, 'spouse'),
    ]);
    await Promise.all([
      sandbox.sign({ token: borrower, typedName: 'Jane Q. Doe' }),
      sandbox.sign({ token: spouse, typedName: 'John Doe' }),
    ]);
    expect((await sandbox.getEnvelope(envelopeId)).status).toBe('completed');
    const [text] = await pdfText(await sandbox.getSignedDocument(envelopeId));
    expect(text).toContain('(borrower)');
    expect(text).toContain('(spouse)');
  });

  it('stamps a signer kept without positions (an envelope from before) on a signatures page at the end, one page for all', async () => {
    const plain = await PDFDocument.create();
    const font = await plain.embedFont(StandardFonts.Helvetica);
    plain.addPage().drawText('A document without signature lines', { x: 72, y: 700, size: 12, font });
    const signedAt = new Date('2026-03-15T14:03:05Z');
    let pdf = await stampSignature(await plain.save(), {
      role: 'borrower',
      fullName: 'Jane Q. Doe',
      signedAt,
    });
    pdf = await stampSignature(pdf, { role: 'spouse', fullName: 'John Doe', signedAt });
    const pages = await pdfText(pdf);
    expect(pages).toHaveLength(2);
    expect(pages[1]).toBe(
      [
        'Electronic signatures',
        'Signed electronically by Jane Q. Doe (borrower) on 2026-03-15 14:03:05 UTC',
        'Signed electronically by John Doe (spouse) on 2026-03-15 14:03:05 UTC',
      ].join('\n'),
    );
  });

  it('stamps a name Helvetica cannot draw without failing', async () => {
    const stamped = await stampSignature(await contractPdf(), {
      role: 'borrower',
      fullName: 'Łucja Nguyễn',
      signedAt: new Date('2026-03-15T14:03:05Z'),
      positions: CONTRACT_POSITIONS.borrower,
    });
    const [text] = await pdfText(stamped);
    expect(text).toContain('Signed electronically by ?ucja Nguyen (borrower) on 2026-03-15 14:03:05 UTC');
  });

  it("dates the signer's date line by the agency's day: 23:30 in New York is still that day", async () => {
    const lateEvening = {
      role: 'borrower',
      fullName: 'Jane Doe',
      signedAt: new Date('2026-11-27T04:30:00Z'),
    };
    const positions = CONTRACT_POSITIONS.borrower;
    const [agency] = await pdfText(
      await stampSignature(await contractPdf(), {
        ...lateEvening,
        role: 'borrower',
        positions,
        timeZone: 'America/New_York',
      }),
    );
    // The stamp keeps the exact instant, in UTC and saying so; the date line is the signer's day.
    expect(agency).toContain('Signed electronically by Jane Doe (borrower) on 2026-11-27 04:30:00 UTC');
    expect(agency).toContain('2026-11-26');
    const [utc] = await pdfText(
      await stampSignature(await contractPdf(), { ...lateEvening, role: 'borrower', positions }),
    );
    expect(utc).not.toContain('2026-11-26');
  });

  it('answers the same event id as the Connect message of that signature', async () => {
    const { sandbox, envelopeId } = await setup();
    const event = await sandbox.sign({
      token: await linkOf(sandbox, envelopeId, 'borrower'),
      typedName: 'Jane Q. Doe',
    });
    const rawBody = connectMessage({
      event: 'recipient-completed',
      envelopeId,
      role: 'borrower',
      at: new Date('2026-03-15T14:03:05Z'),
    });
    expect(sandbox.verifyWebhook({ rawBody, headers: sandbox.signWebhook(rawBody) })).toEqual(event);
  });

  it('signs its webhooks as DocuSign Connect does: base64 HMAC-SHA256 of the body', () => {
    const sandbox = createSandboxESignature({ secret: 'abc', signingPageUrl: SIGNING_PAGE });
    // echo -n '{"a":1}' | openssl dgst -sha256 -hmac abc -binary | base64
    expect(sandbox.signWebhook('{"a":1}')).toEqual({
      'x-docusign-signature-1': 'HxSmKxW6UJUybWx1w+LmtGLdceHEt/vawPMjCa23vl8=',
      'x-authorization-digest': 'HMACSHA256',
      'content-type': 'application/json',
    });
  });

  it('keeps plain JSON in its store, and finds an envelope again through a new sandbox on that store', async () => {
    const saved: SandboxEnvelope[] = [];
    const memory = createMemoryEnvelopeStore();
    const store = {
      load: memory.load,
      save: async (envelope: SandboxEnvelope) => {
        saved.push(envelope);
        await memory.save(envelope);
      },
    };
    const first = createSandboxESignature({ secret: 's', signingPageUrl: SIGNING_PAGE, store });
    const { envelopeId } = await first.createEnvelope({
      document: await contractPdf(),
      documentName: 'letter.pdf',
      emailSubject: 'Sign',
      signers: [BORROWER],
    });
    expect(saved).toHaveLength(1);
    expect(JSON.parse(JSON.stringify(saved[0]))).toEqual(saved[0]);
    expect(saved[0]).toMatchObject({
      envelopeId,
      status: 'sent',
      signers: [{ role: 'borrower', name: 'Jane Q. Doe' }],
    });

    const restarted = createSandboxESignature({ secret: 's', signingPageUrl: SIGNING_PAGE, store });
    const token = await linkOf(restarted, envelopeId, 'borrower');
    await restarted.sign({ token, typedName: 'Jane Q. Doe' });
    expect((await first.getEnvelope(envelopeId)).status).toBe('completed');
  });

  it('hands out copies from the memory store', async () => {
    const store = createMemoryEnvelopeStore();
    const { store: _unused, envelopeId } = await setup([BORROWER]);
    expect(await store.load(envelopeId)).toBeUndefined();
    const own = await setup([BORROWER]);
    const loaded = await own.store.load(own.envelopeId);
    if (loaded) loaded.status = 'completed';
    expect((await own.store.load(own.envelopeId))?.status).toBe('sent');
  });

  it.each([
    [{ secret: '', signingPageUrl: SIGNING_PAGE }, 'a secret is needed'],
    [{ secret: 's', signingPageUrl: `${SIGNING_PAGE}#x` }, 'fragment'],
  ])('refuses a configuration %#', (config, message) => {
    expect(() => createSandboxESignature(config)).toThrow(message);
  });
});
