import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Language } from '#domain/i18n/language';
import { MESSAGES } from '#domain/validation/messages';
import { SPOUSE_CONSENT_MESSAGES, type SpouseConsentPageView } from '#domain/validation/spouse-consent';
import { answerApi, type ApiReply } from '#web/test/api-mock';
import { renderRoutes } from '#web/test/render';
import { CONSENT_PATH, VIEW_PATH } from './spouse-consent-api';
import { Component as SpouseConsentPage } from './spouse-consent-page';

const TOKEN = 'A'.repeat(43);
const VIEW: SpouseConsentPageView = { spouseFirstName: 'Luis', borrowerFirstName: 'Ana', language: 'en' };
const AUTHORIZATION =
  'I authorize Clearpath Debt Relief to obtain my credit report (a soft inquiry that does not affect my credit score) for the Debt Management Plan application I make with my spouse.';

async function renderPage(
  o: { view?: ApiReply; consent?: ApiReply; entry?: string; language?: Language } = {},
) {
  const calls = answerApi({
    [`POST ${VIEW_PATH}`]: o.view ?? { status: 200, body: VIEW },
    [`POST ${CONSENT_PATH}`]: o.consent ?? { status: 204 },
  });
  const { user } = renderRoutes(
    [{ path: '/spouse-consent', Component: SpouseConsentPage }],
    o.entry ?? `/spouse-consent#t=${TOKEN}`,
    undefined,
    o.language ?? 'en',
  );
  await screen.findByRole('heading', { level: 1 });
  return { calls, user };
}

describe('/spouse-consent', () => {
  it('lets the spouse read the authorization, tick it and type their name; the token goes in the body only', async () => {
    const { calls, user } = await renderPage();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Your consent for a credit check');
    expect(document.body).toHaveTextContent('Hi Luis, Ana is applying with you');
    await user.click(screen.getByRole('button', { name: 'Give my consent' }));
    expect(await screen.findByLabelText(AUTHORIZATION)).toHaveAccessibleDescription(
      MESSAGES.creditConsentRequired,
    );
    expect(calls.filter((c) => c.path === CONSENT_PATH)).toEqual([]);
    await user.click(screen.getByLabelText(AUTHORIZATION));
    await user.type(screen.getByLabelText('Your full name'), 'Luis Diaz');
    await user.click(screen.getByRole('button', { name: 'Give my consent' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you' })).toBeInTheDocument();
    expect(calls.map((c) => [c.path, c.body])).toEqual([
      [VIEW_PATH, { token: TOKEN }],
      [CONSENT_PATH, { token: TOKEN, consentedToCreditPolicy: true, fullName: 'Luis Diaz' }],
    ]);
  });

  it('shows the server’s refusal of the name on the field', async () => {
    const { user } = await renderPage({
      consent: {
        status: 400,
        body: {
          code: 'ValidationError',
          message: SPOUSE_CONSENT_MESSAGES.nameMismatch,
          fieldErrors: { fullName: SPOUSE_CONSENT_MESSAGES.nameMismatch },
        },
      },
    });
    await user.click(screen.getByLabelText(AUTHORIZATION));
    await user.type(screen.getByLabelText('Your full name'), 'Ana Diaz');
    await user.click(screen.getByRole('button', { name: 'Give my consent' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Your full name')).toHaveAccessibleDescription(
        new RegExp(SPOUSE_CONSENT_MESSAGES.nameMismatch),
      ),
    );
  });

  it.each([
    [404, 'This link no longer works', SPOUSE_CONSENT_MESSAGES.linkNotValid],
    [410, 'This link no longer works', SPOUSE_CONSENT_MESSAGES.linkExpired],
    [409, 'Your consent is recorded', SPOUSE_CONSENT_MESSAGES.alreadyGiven],
  ])('explains a link refused with %i', async (status, title, message) => {
    await renderPage({ view: { status, body: { code: 'x', message } } });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(title);
    expect(document.body).toHaveTextContent(message);
  });

  it('explains a link without a token, asking nothing of the server', async () => {
    const { calls } = await renderPage({ entry: '/spouse-consent' });
    expect(document.body).toHaveTextContent(SPOUSE_CONSENT_MESSAGES.linkNotValid);
    expect(calls).toEqual([]);
  });

  it('speaks Spanish to a Spanish-speaking spouse', async () => {
    await renderPage({ language: 'es' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Su consentimiento para una consulta de crédito',
    );
    expect(
      screen.getByLabelText(/^Autorizo a Clearpath Debt Relief a obtener mi informe de crédito/),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Dar mi consentimiento' })).toBeInTheDocument();
  });
});
