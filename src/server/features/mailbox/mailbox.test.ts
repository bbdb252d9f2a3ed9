import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueEmail } from '#server/email/outbox';
import { letterSignedEmail } from '#server/email/templates';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { contentDisposition } from './routes';

// The dev mailbox shows Spanish emails as written: the page is UTF-8, and accents survive subject and body.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('dev mailbox', () => {
  it('shows a Spanish email’s subject, body and attachment name with their accents', async () => {
    const to = `mailbox-es-${Date.now()}@example.org`;
    const message = letterSignedEmail({
      to,
      name: 'Íñigo Muñoz',
      publicUrl: t.config.publicUrl,
      signedPdf: new Uint8Array([37, 80, 68, 70]),
      language: 'es',
    });
    const id = await t.db.transaction((tx) => enqueueEmail(tx, t.cipher, message));
    const page = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<meta charset="utf-8">');
    expect(page.body).toContain('<h2>Su carta de autorización firmada</h2>');
    expect(page.body).toContain('Hola, Íñigo Muñoz: gracias por completar la carta de autorización.');
    expect(page.body).toContain('¿Tiene preguntas? Llame al');
    expect(page.body).toContain('Carta de autorización (firmada).pdf');
    // The raw bytes are UTF-8 ("ñ" is C3 B1).
    expect(page.rawPayload.includes(Buffer.from('Muñoz', 'utf8'))).toBe(true);

    const file = await t.app.inject({ method: 'GET', url: `/dev/mailbox/emails/${id}/attachments/0` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="Carta de autorizacion (firmada).pdf"; filename*=UTF-8''Carta%20de%20autorizaci%C3%B3n%20%28firmada%29.pdf`,
    );
  });

  it('keeps an English attachment name’s header as it was', () => {
    expect(contentDisposition('Letter of Authorization (signed).pdf')).toBe(
      'attachment; filename="Letter of Authorization (signed).pdf"',
    );
  });
});
