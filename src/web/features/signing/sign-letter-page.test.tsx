import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SigningView } from '#domain/enrollment/views';
import { answerApi, type ApiCall } from '#web/test/api-mock';
import { renderRoutes } from '#web/test/render';
import {
  AGREE_LABEL,
  ALREADY_SIGNED,
  Component as SignLetterPage,
  DOCUMENT_PATH,
  INVALID_LINK,
  OPEN_LETTER,
  SESSION_PATH,
  SIGN_PATH,
  TITLE,
  tokenFromHash,
} from './sign-letter-page';

const TOKEN = 'sgn_0123456789abcdefghijklmnop';
const MISMATCH = 'The name you typed does not match the name on the letter.';
const VIEW: SigningView = {
  signerName: 'Ana Diaz',
  role: 'borrower',
  signed: false,
  agencyName: 'Harbor Light Credit Counseling',
};

type Reply = { status: number; body?: unknown };

beforeEach(() => {
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:letter');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

async function renderPage(o: { entry?: string; session?: Reply; sign?: Reply } = {}) {
  const calls: ApiCall[] = answerApi({
    [`POST ${SESSION_PATH}`]: o.session ?? { status: 200, body: VIEW },
    [`POST ${SIGN_PATH}`]: o.sign ?? { status: 200, body: { signed: true } },
    [`POST ${DOCUMENT_PATH}`]: { status: 200, body: '%PDF-1.7' },
  });
  const { router, user } = renderRoutes(
    [
      { path: '/sign-letter', Component: SignLetterPage },
      { path: '*', Component: () => <p>elsewhere</p> },
    ],
    o.entry ?? `/sign-letter#t=${TOKEN}`,
  );
  await screen.findByRole('heading', { level: 1 });
  return { calls, router, user };
}

const h1 = () => screen.getByRole('heading', { level: 1 }).textContent;
const fullName = () => screen.getByLabelText('Full name');
const clickSign = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Sign' }));
async function fillIn(user: UserEvent, name: string) {
  await user.type(fullName(), name);
  await user.click(screen.getByLabelText(AGREE_LABEL));
}
const signCalls = (calls: ApiCall[]) => calls.filter((c) => c.path === SIGN_PATH).map((c) => c.body);

describe('/sign-letter', () => {
  it('reads the token from the fragment, never the query: only POST bodies carry it', async () => {
    const { calls } = await renderPage();
    expect(h1()).toBe(TITLE);
    expect(calls).toEqual([{ method: 'POST', path: SESSION_PATH, body: { token: TOKEN } }]);
    expect(calls.every((c) => !c.path.includes(TOKEN))).toBe(true);
    expect(document.body).toHaveTextContent('Signing as Ana Diaz');
    expect(tokenFromHash('#t=abc')).toBe('abc');
    expect(tokenFromHash('')).toBeUndefined();
  });

  it('requires the typed name and the agreement', async () => {
    const { calls, user } = await renderPage();
    await clickSign(user);
    await waitFor(() => expect(fullName()).toHaveAccessibleDescription('Full name is required'));
    expect(screen.getByLabelText(AGREE_LABEL)).toHaveAccessibleDescription(
      'Agreeing to sign electronically is required',
    );
    expect(signCalls(calls)).toEqual([]);
  });

  it('shows a name that does not match the letter on the field', async () => {
    const { calls, user } = await renderPage({
      sign: {
        status: 400,
        body: { code: 'ValidationError', message: 'x', fieldErrors: { fullName: MISMATCH } },
      },
    });
    await fillIn(user, 'Anna Dias');
    await clickSign(user);
    await waitFor(() => expect(fullName()).toHaveAccessibleDescription(MISMATCH));
    expect(signCalls(calls)).toEqual([{ token: TOKEN, fullName: 'Anna Dias', agreed: true }]);
    expect(fullName()).toHaveFocus();
  });

  it('signs and thanks the signer', async () => {
    const { calls, user } = await renderPage();
    await fillIn(user, 'Ana Diaz');
    await clickSign(user);
    await waitFor(() =>
      expect(document.body).toHaveTextContent('Thank you, Ana Diaz. Your Letter of Authorization is signed.'),
    );
    expect(signCalls(calls)).toEqual([{ token: TOKEN, fullName: 'Ana Diaz', agreed: true }]);
    expect(document.body).toHaveTextContent('We emailed you a signed copy');
    expect(document.querySelector('form')).toBeNull();
  });

  it('fetches the letter with the token in the body and saves it through an object URL', async () => {
    const clicks = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { calls, user } = await renderPage();
    await user.click(screen.getByRole('button', { name: OPEN_LETTER }));
    await waitFor(() => expect(clicks).toHaveBeenCalledTimes(1));
    expect(calls.filter((c) => c.path === DOCUMENT_PATH)).toEqual([
      { method: 'POST', path: DOCUMENT_PATH, body: { token: TOKEN } },
    ]);
    expect(URL.createObjectURL).toHaveBeenCalledTimes(1);
    expect(clicks).toHaveBeenCalledTimes(1);
    expect(document.querySelector('a[download]')?.getAttribute('href')).toBe('blob:letter');
  });

  it.each([
    ['an unknown or expired token', `/sign-letter#t=${TOKEN}`],
    ['no token at all', '/sign-letter'],
  ])('explains %s and links to sign in', async (_name, entry) => {
    await renderPage({ entry, session: { status: 404, body: { code: 'NotFound', message: 'Not found' } } });
    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID_LINK);
    expect(document.querySelector('a[href="/sign-in"]')).not.toBeNull();
  });

  it('says so when the letter is already signed', async () => {
    await renderPage({ session: { status: 200, body: { ...VIEW, signed: true } } });
    expect(await screen.findByText(ALREADY_SIGNED, { exact: false })).toBeInTheDocument();
    expect(document.querySelector('form')).toBeNull();
  });
});
