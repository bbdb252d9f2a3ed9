import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ELECTRONIC_RECORDS_CONSENT_VERSIONS,
  ELECTRONIC_RECORDS_DISCLOSURES,
  ELECTRONIC_RECORDS_MESSAGES,
  PAPER_CHOSEN,
} from '#domain/enrollment/electronic-records-consent';
import type { SigningView } from '#domain/enrollment/views';
import { answerApi, type ApiCall } from '#web/test/api-mock';
import { renderRoutes } from '#web/test/render';
import {
  Component as SignLetterPage,
  CONSENT_PATH,
  DOCUMENT_PATH,
  NEW_LINK_PATH,
  PAPER_PATH,
  SESSION_PATH,
  SIGN_PATH,
  SIGNING_LINK_MESSAGES,
} from './sign-letter-page';

// The signing page drawn in Spanish (the English is checked by sign-letter-page.test.tsx).

const TOKEN = 'sgn_0123456789abcdefghijklmnop';
const VIEW: SigningView = {
  signerName: 'Ana Díaz',
  role: 'spouse',
  signed: false,
  agencyName: 'Harbor Light Credit Counseling',
  documentOpened: true,
  electronicRecords: 'consented',
};
const FRESH: SigningView = { ...VIEW, documentOpened: false, electronicRecords: 'pending' };
type Reply = { status: number; body?: unknown };

beforeEach(() => {
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:letter');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

async function inSpanish(o: { session?: Reply; consent?: Reply; newLink?: Reply; sign?: Reply } = {}) {
  const calls: ApiCall[] = answerApi({
    [`POST ${SESSION_PATH}`]: o.session ?? { status: 200, body: VIEW },
    [`POST ${SIGN_PATH}`]: o.sign ?? { status: 200, body: { signed: true } },
    [`POST ${DOCUMENT_PATH}`]: { status: 200, body: '%PDF-1.7' },
    [`POST ${CONSENT_PATH}`]: o.consent ?? { status: 200, body: { electronicRecords: 'consented' } },
    [`POST ${PAPER_PATH}`]: { status: 200, body: { electronicRecords: 'withdrawn' } },
    [`POST ${NEW_LINK_PATH}`]: o.newLink ?? { status: 200, body: { sent: true } },
  });
  const { user } = renderRoutes(
    [{ path: '/sign-letter', Component: SignLetterPage }],
    `/sign-letter#t=${TOKEN}`,
    undefined,
    'es',
  );
  await screen.findByRole('heading', { level: 1 });
  return { calls, user };
}

const h1 = () => screen.getByRole('heading', { level: 1 }).textContent;

describe('/sign-letter in Spanish', () => {
  it('shows the signature form with its labels, the signer and the agency, and thanks the signer', async () => {
    const { user } = await inSpanish();
    expect(h1()).toBe('Firme su carta de autorización');
    expect(document.title).toContain('Firme su carta de autorización');
    expect(document.body).toHaveTextContent('Firma como Ana Díaz (cónyuge)');
    expect(document.body).toHaveTextContent(
      'La carta autoriza a Harbor Light Credit Counseling a trabajar con sus acreedores en su plan de manejo de deudas.',
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Abra y lea la carta' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Abrir la carta de autorización (PDF)' })).toBeInTheDocument();
    expect(screen.getByText(/Gracias: usted aceptó recibir documentos/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Firmar' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Nombre completo')).toHaveAccessibleDescription(
        'Nombre completo: este dato es obligatorio',
      ),
    );
    const agree = screen.getByLabelText('Acepto firmar esta carta de autorización de forma electrónica');
    expect(agree).toHaveAccessibleDescription('Debe aceptar firmar de forma electrónica');

    await user.type(screen.getByLabelText('Nombre completo'), 'Ana Díaz');
    await user.click(agree);
    await user.click(screen.getByRole('button', { name: 'Firmar' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Carta de autorización firmada' }),
    ).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Gracias, Ana Díaz. Su carta de autorización está firmada.',
    );
    expect(screen.getByRole('link', { name: 'Inicie sesión' })).toHaveAttribute('href', '/sign-in');
  });

  it('shows the disclosures and the consent in Spanish, and the server’s refusal in Spanish', async () => {
    const { calls, user } = await inSpanish({
      session: { status: 200, body: { ...FRESH, documentOpened: true } },
      consent: {
        status: 409,
        body: {
          code: 'PreconditionFailed',
          message: ELECTRONIC_RECORDS_MESSAGES.openFirst,
          messageId: 'signing.refusal.openFirst',
        },
      },
    });
    expect(
      screen.getByRole('heading', {
        level: 2,
        name: 'Su consentimiento para documentos y firmas electrónicos',
      }),
    ).toBeInTheDocument();
    for (const text of [
      'Su derecho a recibir documentos en papel',
      'Las copias en papel son gratuitas: no tienen ningún costo.',
      'Lunes a viernes, de 9 a. m. a 5 p. m. (hora del Este)',
      '(800) 555-0199',
      'Cómo retirar su consentimiento',
    ])
      expect(document.body).toHaveTextContent(text);
    expect(document.body).not.toHaveTextContent(ELECTRONIC_RECORDS_DISCLOSURES[0].title);
    const box = screen.getByLabelText(/^He leído la información anterior/);

    await user.click(screen.getByRole('button', { name: 'Acepto los documentos electrónicos' }));
    await waitFor(() =>
      expect(box).toHaveAccessibleDescription(
        'Debe aceptar recibir documentos y firmar de forma electrónica',
      ),
    );
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Acepto los documentos electrónicos' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Primero abra la carta para comprobar que puede leerla y luego acepte los documentos electrónicos.',
    );
    expect(screen.getByRole('button', { name: 'Prefiero recibir documentos en papel' })).toBeInTheDocument();
    // The consent names the version of the words read: the Spanish disclosures'.
    expect(calls.filter((c) => c.path === CONSENT_PATH).map((c) => c.body)).toEqual([
      { token: TOKEN, version: ELECTRONIC_RECORDS_CONSENT_VERSIONS.es, agreed: true },
    ]);
  });

  it('shows the server’s answer on the name in Spanish', async () => {
    const mismatch = 'The name you typed does not match the name on the letter.';
    const { user } = await inSpanish({
      sign: {
        status: 400,
        body: {
          code: 'ValidationError',
          message: mismatch,
          messageId: 'validation.signing.nameMismatch',
          fieldErrors: { fullName: mismatch },
          fieldMessages: { fullName: { messageId: 'validation.signing.nameMismatch' } },
        },
      },
    });
    await user.type(screen.getByLabelText('Nombre completo'), 'Ana Dias');
    await user.click(screen.getByLabelText('Acepto firmar esta carta de autorización de forma electrónica'));
    await user.click(screen.getByRole('button', { name: 'Firmar' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Nombre completo')).toHaveAccessibleDescription(
        'El nombre que escribió no coincide con el nombre que figura en la carta.',
      ),
    );
  });

  it('says the English disclosures govern until the agency approves the Spanish, and shows them on request', async () => {
    const { user } = await inSpanish({ session: { status: 200, body: { ...FRESH, englishGoverns: true } } });
    expect(screen.getByRole('note')).toHaveTextContent(
      'La versión en inglés de esta información es la que rige',
    );
    expect(document.body).not.toHaveTextContent(ELECTRONIC_RECORDS_DISCLOSURES[1].text);
    await user.click(screen.getByRole('button', { name: 'Lea la versión en inglés' }));
    const english = document.getElementById('disclosures-in-english');
    expect(english).toHaveAttribute('lang', 'en');
    expect(english).toHaveTextContent(ELECTRONIC_RECORDS_DISCLOSURES[1].text);
    expect(screen.getByRole('button', { name: 'Ocultar la versión en inglés' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  it('shows no such notice once the agency has approved the Spanish', async () => {
    await inSpanish({ session: { status: 200, body: { ...FRESH, englishGoverns: false } } });
    expect(screen.getByText('Su derecho a recibir documentos en papel')).toBeInTheDocument();
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('says what happens after choosing paper', async () => {
    const { user } = await inSpanish({ session: { status: 200, body: FRESH } });
    await user.click(screen.getByRole('button', { name: 'Prefiero recibir documentos en papel' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Usted eligió documentos en papel' }),
    ).toHaveFocus();
    expect(document.body).not.toHaveTextContent(PAPER_CHOSEN.text);
    expect(document.body).toHaveTextContent('Llame al (800) 555-0199');
    expect(
      screen.getByRole('button', { name: 'Firmar de forma electrónica, después de todo' }),
    ).toBeInTheDocument();
  });

  it('explains an expired link, with the link’s life in days, and the server’s refusal in Spanish', async () => {
    const { user } = await inSpanish({
      session: { status: 410, body: { code: 'SigningLinkExpired', message: SIGNING_LINK_MESSAGES.expired } },
      newLink: {
        status: 409,
        body: {
          code: 'Conflict',
          message: SIGNING_LINK_MESSAGES.alreadySigned,
          messageId: 'signing.refusal.alreadySigned',
        },
      },
    });
    expect(h1()).toBe('Enlace para firmar vencido');
    expect(document.title).toContain('Enlace para firmar vencido');
    expect(document.body).toHaveTextContent('Es válido durante 14 días.');
    await user.click(screen.getByRole('button', { name: 'Envíenme un nuevo enlace' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Usted ya firmó la carta de autorización, así que no queda nada más por firmar.',
    );
    expect(screen.getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute('href', '/sign-in');
  });

  it('explains an invalid link', async () => {
    await inSpanish({ session: { status: 404, body: { code: 'NotFound', message: 'Not found' } } });
    expect(h1()).toBe('Enlace para firmar no válido');
    expect(screen.getByRole('alert')).toHaveTextContent('Este enlace para firmar no es válido o ha vencido.');
    expect(document.body).toHaveTextContent('¿Ya firmó o desea ver su solicitud?');
  });
});

describe('/sign-letter in English', () => {
  it('never shows the notice about the Spanish translation', async () => {
    answerApi({ [`POST ${SESSION_PATH}`]: { status: 200, body: { ...FRESH, englishGoverns: true } } });
    renderRoutes([{ path: '/sign-letter', Component: SignLetterPage }], `/sign-letter#t=${TOKEN}`);
    expect(await screen.findByText('Your right to paper')).toBeInTheDocument();
    expect(screen.queryByRole('note')).toBeNull();
  });
});
