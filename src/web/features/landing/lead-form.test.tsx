import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '#domain/validation/messages';
import { answerApi } from '#web/test/api-mock';
import { renderRoutes } from '#web/test/render';
import { LeadForm } from './lead-form';
import { utmFromSearch } from './utm';

afterEach(() => sessionStorage.clear());

/** Fills the lead form as a visitor does, then sends it with Get Started. */
async function sendLead(entry: string) {
  const app = renderRoutes(
    [
      { path: '/lead', Component: LeadForm },
      { path: '/hardships', Component: () => <p>hardships page</p> },
    ],
    entry,
  );
  const { user } = app;
  await user.type(screen.getByLabelText('First name'), 'Ana');
  await user.type(screen.getByLabelText('Last name'), 'Diaz');
  await user.type(screen.getByLabelText('Email address'), 'Ana@Example.com');
  await user.type(screen.getByLabelText('Phone number'), '5550101234');
  await user.click(screen.getByRole('checkbox'));
  await user.click(screen.getByRole('button', { name: 'Get Started' }));
  return app;
}

describe('utmFromSearch', () => {
  it.each([
    ['', {}],
    ['?utm_source=google&utm_medium=cpc&x=1', { utmSource: 'google', utmMedium: 'cpc' }],
    [
      '?utm_campaign=spring&utm_content=%20ad%20&utm_term=debt&utm_source=',
      { utmCampaign: 'spring', utmContent: 'ad', utmTerm: 'debt' },
    ],
    [`?utm_term=${'a'.repeat(150)}`, { utmTerm: 'a'.repeat(100) }],
    // A link carrying characters the API refuses still sends a lead: they are dropped.
    ['?utm_source=go%00ogle&utm_medium=%E2%80%AEcpc&utm_term=%0A', { utmSource: 'google', utmMedium: 'cpc' }],
  ])('%s → %j', (search, expected) => {
    expect(utmFromSearch(new URLSearchParams(search))).toEqual(expected);
  });
});

describe('LeadForm', () => {
  it('asks consent to calls and texts in plain words, and links the three policies of the product', () => {
    renderRoutes([{ path: '/lead', Component: LeadForm }], '/lead');
    const consent = screen.getByText(/By selecting Get Started/);
    for (const words of [
      'Clearpath Debt Relief and Harbor Light Credit Counseling may call you and send you text messages',
      'about your application and your debt management plan',
      'Agreeing is not a condition of our service',
      'Message and data rates may apply',
      'Reply STOP to stop text messages, or HELP for help.',
    ]) {
      expect(consent).toHaveTextContent(words);
    }
    expect(screen.getByRole('link', { name: '(800) 555-0199' })).toHaveAttribute('href', 'tel:+18005550199');
    for (const [name, href] of [
      ['Terms and Conditions', '/terms-and-conditions'],
      ['Privacy Policy', '/privacy-policy'],
      ['Credit Report Policy', '/credit-report-policy'],
    ]) {
      const link = screen.getByRole('link', { name: `${name} (opens in a new tab)` });
      expect(link).toHaveAttribute('href', href);
      expect(link).toHaveAttribute('target', '_blank');
    }
  });

  it('sends the lead with the page utm parameters and goes to the next page', async () => {
    const calls = answerApi({
      'POST /api/lead': { status: 200, body: { next: '/hardships' } },
      'GET /api/session': { status: 200, body: { user: null } },
    });
    const app = await sendLead('/lead?utm_source=google&utm_campaign=spring');
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/hardships'));
    expect(calls[0]).toEqual({
      method: 'POST',
      path: '/api/lead',
      body: {
        firstName: 'Ana',
        lastName: 'Diaz',
        email: 'ana@example.com',
        phoneNumber: '555-010-1234',
        agreedToTerms: true,
        utm: { utmSource: 'google', utmCampaign: 'spring' },
      },
    });
  });

  it('shows an existing account under the email field and focuses it', async () => {
    answerApi({
      'POST /api/lead': {
        status: 409,
        body: { code: 'UsernameExistsException', message: MESSAGES.usernameExists },
      },
    });
    const app = await sendLead('/lead');
    const email = screen.getByLabelText('Email address');
    await waitFor(() => expect(email).toHaveAccessibleDescription(MESSAGES.usernameExists));
    expect(email).toHaveFocus();
    expect(app.router.state.location.pathname).toBe('/lead');
  });

  it('puts the server field errors on their fields', async () => {
    answerApi({
      'POST /api/lead': {
        status: 400,
        body: {
          code: 'ValidationError',
          message: 'Invalid',
          fieldErrors: { phoneNumber: 'Phone number is invalid' },
        },
      },
    });
    await sendLead('/lead');
    const phone = screen.getByLabelText('Phone number');
    await waitFor(() => expect(phone).toHaveAccessibleDescription('Phone number is invalid'));
    expect(phone).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows other failures in the error modal', async () => {
    answerApi({ 'POST /api/lead': { status: 500, body: { code: 'Error', message: MESSAGES.saveFailed } } });
    await sendLead('/lead');
    expect(await screen.findByRole('dialog')).toHaveTextContent(MESSAGES.saveFailed);
  });

  it('is drawn in Spanish on a Spanish page, its consent and policies too', () => {
    renderRoutes([{ path: '/es/lead', Component: LeadForm }], '/es/lead', undefined, 'es');
    expect(screen.getByRole('form', { name: 'Comience su solicitud' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Nombre' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Apellido' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Correo electrónico' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Comenzar' })).toBeInTheDocument();
    expect(screen.getByText(/Al seleccionar Comenzar, usted acepta que/)).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'Términos y condiciones (se abre en una pestaña nueva)' }),
    ).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute('href', '/sign-in');
  });
});
