import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { MESSAGE_REFS, MESSAGES } from '#domain/validation/messages';
import { englishIn } from '#tests/support/english-in-spanish';
import { answerApi } from '#web/test/api-mock';
import { renderRoutes } from '#web/test/render';
import { borrowerSession } from '#web/test/sessions';
import { Component as ChangeEmailPage } from './change-email-page';
import { Component as ChangePasswordPage } from './change-password-page';
import { Component as ForgotPasswordPage } from './forgot-password-page';
import { Component as PleaseCheckYourEmailPage } from './please-check-your-email-page';
import { Component as ResetPasswordPage } from './reset-password-page';
import { Component as SignInPage } from './sign-in-page';
import { Component as UserInformationPage } from './user-information-page';
import { Component as VerificationCodePage } from './verification-code-page';
import { Component as VerifyNewEmailPage } from './verify-new-email-page';

// The account pages a borrower sees, drawn in Spanish (the English is checked by the other tests here).

beforeEach(() => sessionStorage.clear());

const routes = [
  { path: '/sign-in', Component: SignInPage },
  { path: '/forgot-password', Component: ForgotPasswordPage },
  { path: '/please-check-your-email', Component: PleaseCheckYourEmailPage },
  { path: '/verification-code', Component: VerificationCodePage },
  { path: '/reset-password', Component: ResetPasswordPage },
  { path: '/user-information', Component: UserInformationPage },
  { path: '/customer-portal/change-password', Component: ChangePasswordPage },
  { path: '/customer-portal/change-email', Component: ChangeEmailPage },
  { path: '/verify-new-email', Component: VerifyNewEmailPage },
];

const inSpanish = (entry: string) => renderRoutes(routes, entry, undefined, 'es');
const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

describe('the account pages in Spanish', () => {
  it('/sign-in', async () => {
    inSpanish('/sign-in');
    expect(await heading('Iniciar sesión')).toBeInTheDocument();
    expect(screen.getByLabelText('Correo electrónico')).toBeInTheDocument();
    expect(screen.getByLabelText('Contraseña')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '¿Olvidó su contraseña?' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(document.title).toContain('Iniciar sesión');
  });

  it('/sign-in refused: the first-password hint in Spanish, naming the email link as it is written', async () => {
    answerApi({
      'POST /api/auth/sign-in': {
        status: 401,
        body: { code: 'NotAuthorizedException', message: MESSAGES.incorrectCredentials },
      },
    });
    const app = inSpanish('/sign-in');
    await app.user.type(await screen.findByLabelText('Correo electrónico'), 'ana@example.com');
    await app.user.type(screen.getByLabelText('Contraseña'), 'wrong');
    await app.user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    await waitFor(() =>
      expect(document.body.textContent).toContain(
        '¿Todavía no tiene contraseña? Use el enlace “Cree su contraseña” del correo que le enviamos',
      ),
    );
    expect(document.body.textContent).not.toContain(MESSAGES.firstPasswordHint);
    expect(englishIn(document.body.textContent ?? '')).toEqual([]);
  });

  // The server words its answer's message in the reader's language and gives its id beside it when it has one:
  // the page words a message with an id by that id, and shows one without an id as the server wrote it, never
  // reading its English back.
  it.each([
    [
      'by its id, whatever its English',
      { message: MESSAGES.incorrectCredentials, messageId: MESSAGE_REFS.incorrectCredentials.id },
      'Usuario o contraseña incorrectos',
    ],
    [
      'as the server wrote it, without an id',
      { message: MESSAGES.incorrectCredentials },
      MESSAGES.incorrectCredentials,
    ],
    [
      'as the server wrote it in Spanish',
      { message: 'El servidor lo dice así.' },
      'El servidor lo dice así.',
    ],
  ])('/sign-in shows a refusal %s', async (_case, body, shown) => {
    answerApi({
      'POST /api/auth/sign-in': { status: 401, body: { code: 'NotAuthorizedException', ...body } },
    });
    const app = inSpanish('/sign-in');
    await app.user.type(await screen.findByLabelText('Correo electrónico'), 'ana@example.com');
    await app.user.type(screen.getByLabelText('Contraseña'), 'wrong');
    await app.user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent(shown);
  });

  it('/forgot-password', async () => {
    inSpanish('/forgot-password');
    expect(await heading('¿Olvidó su contraseña?')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enviar enlace de verificación' })).toBeInTheDocument();
    expect(screen.getByText(/¿Ya la recordó\?/)).toBeInTheDocument();
  });

  it('/please-check-your-email', async () => {
    inSpanish('/please-check-your-email');
    expect(await heading('Revise su correo electrónico')).toBeInTheDocument();
    expect(
      screen.getByText(/Le enviamos un correo electrónico con un enlace de verificación/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Enviar un nuevo enlace de verificación' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ingrese su código de verificación' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver a iniciar sesión' })).toBeInTheDocument();
  });

  it('/verification-code with the email known', async () => {
    inSpanish('/verification-code?email=ana%40example.com');
    expect(await heading('Ingrese su código de verificación')).toBeInTheDocument();
    expect(screen.getByText(/Código enviado a/).textContent).toBe('Código enviado a ana@example.com');
    expect(screen.getByLabelText('Código de verificación')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continuar' })).toBeInTheDocument();
  });

  it('/reset-password from the emailed link, to reset and to set a first password', async () => {
    const first = inSpanish('/reset-password?email=ana%40example.com&code=123456');
    expect(await heading('Restablezca su contraseña')).toBeInTheDocument();
    expect(screen.getByText(/Elija una nueva contraseña para/).textContent).toBe(
      'Elija una nueva contraseña para ana@example.com.',
    );
    expect(screen.getByLabelText('Nueva contraseña')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirme la contraseña')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Restablecer contraseña' })).toBeInTheDocument();
    first.unmount();

    inSpanish('/reset-password?email=ana%40example.com&code=123456&purpose=set');
    expect(await heading('Cree su contraseña')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Crear contraseña' })).toBeInTheDocument();
  });

  it('/user-information', async () => {
    answerApi({ 'GET /api/session': { status: 200, body: borrowerSession() } });
    inSpanish('/user-information');
    expect(await heading('Sus datos')).toBeInTheDocument();
    expect(screen.getByLabelText('Nombre')).toHaveValue('Ana');
    expect(screen.getByLabelText('Apellido')).toHaveValue('Diaz');
    expect(screen.getByLabelText('Número de teléfono')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continuar' })).toBeInTheDocument();
  });

  it('/customer-portal/change-password', async () => {
    inSpanish('/customer-portal/change-password');
    expect(await heading('Cambiar la contraseña')).toBeInTheDocument();
    expect(screen.getByLabelText('Contraseña actual')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cambiar contraseña' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver a la configuración' })).toBeInTheDocument();
  });

  it('/customer-portal/change-email', async () => {
    answerApi({ 'GET /api/session': { status: 200, body: borrowerSession() } });
    inSpanish('/customer-portal/change-email');
    expect(await heading('Cambiar el correo electrónico')).toBeInTheDocument();
    expect(await screen.findByText(/Su correo electrónico es/)).toHaveTextContent(
      'Su correo electrónico es ana@example.com. Enviaremos un enlace a la nueva dirección; su correo cambiará cuando siga ese enlace.',
    );
    expect(screen.getByLabelText('Nuevo correo electrónico')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirme el nuevo correo electrónico')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cambiar correo' })).toBeInTheDocument();
  });

  it('/verify-new-email', async () => {
    inSpanish('/verify-new-email?email=new%40example.com&code=123456');
    expect(await heading('Verifique su nuevo correo electrónico')).toBeInTheDocument();
    expect(screen.getByText(/Inicie sesión con su contraseña/).textContent).toBe(
      'Inicie sesión con su contraseña para verificar new@example.com.',
    );
    expect(screen.getByRole('button', { name: 'Verificar correo' })).toBeInTheDocument();
  });
});
