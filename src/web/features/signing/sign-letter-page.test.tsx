import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SigningView } from '#domain/enrollment/views';
import {
  buttonByName,
  byLabel,
  describedText,
  mockApi,
  mountRoutes,
  settle,
  typeInto,
  waitFor,
  type ApiCall,
  type Mounted,
} from '../../components/ui/form/dom-test-helpers';
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

let mounted: Mounted | undefined;
beforeEach(() => {
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:letter');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
});
afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

async function renderPage(o: { entry?: string; session?: Reply; sign?: Reply } = {}) {
  const calls: ApiCall[] = mockApi({
    [`POST ${SESSION_PATH}`]: o.session ?? { status: 200, body: VIEW },
    [`POST ${SIGN_PATH}`]: o.sign ?? { status: 200, body: { signed: true } },
    [`POST ${DOCUMENT_PATH}`]: { status: 200, body: '%PDF-1.7' },
  });
  const app = mountRoutes(
    [
      { path: '/sign-letter', Component: SignLetterPage },
      { path: '*', Component: () => <p>elsewhere</p> },
    ],
    o.entry ?? `/sign-letter#t=${TOKEN}`,
  );
  mounted = app;
  await waitFor(() => expect(document.querySelector('h1')).not.toBeNull());
  return { calls, router: app.router };
}

const h1 = () => document.querySelector('h1')?.textContent;
async function clickSign() {
  await act(async () => buttonByName('Sign').click());
  await settle();
}
async function fillIn(name: string) {
  typeInto(byLabel('Full name'), name);
  await act(async () => byLabel(AGREE_LABEL).click());
}
const signCalls = (calls: ApiCall[]) => calls.filter((c) => c.path === SIGN_PATH).map((c) => c.body);

describe('/sign-letter', () => {
  it('reads the token from the fragment, never the query: only POST bodies carry it', async () => {
    const { calls } = await renderPage();
    expect(h1()).toBe(TITLE);
    expect(calls).toEqual([{ method: 'POST', path: SESSION_PATH, body: { token: TOKEN } }]);
    expect(calls.every((c) => !c.path.includes(TOKEN))).toBe(true);
    expect(document.body.textContent).toContain('Signing as Ana Diaz');
    expect(tokenFromHash('#t=abc')).toBe('abc');
    expect(tokenFromHash('')).toBeUndefined();
  });

  it('requires the typed name and the agreement', async () => {
    const { calls } = await renderPage();
    await clickSign();
    expect(describedText(byLabel('Full name'))).toBe('Full name is required');
    expect(describedText(byLabel(AGREE_LABEL))).toBe('Agreeing to sign electronically is required');
    expect(signCalls(calls)).toEqual([]);
  });

  it('shows a name that does not match the letter on the field', async () => {
    const { calls } = await renderPage({
      sign: {
        status: 400,
        body: { code: 'ValidationError', message: 'x', fieldErrors: { fullName: MISMATCH } },
      },
    });
    await fillIn('Anna Dias');
    await clickSign();
    expect(signCalls(calls)).toEqual([{ token: TOKEN, fullName: 'Anna Dias', agreed: true }]);
    expect(describedText(byLabel('Full name'))).toBe(MISMATCH);
    expect(document.activeElement).toBe(byLabel('Full name'));
  });

  it('signs and thanks the signer', async () => {
    const { calls } = await renderPage();
    await fillIn('Ana Diaz');
    await clickSign();
    expect(signCalls(calls)).toEqual([{ token: TOKEN, fullName: 'Ana Diaz', agreed: true }]);
    await waitFor(() =>
      expect(document.body.textContent).toContain(
        'Thank you, Ana Diaz. Your Letter of Authorization is signed.',
      ),
    );
    expect(document.body.textContent).toContain('We emailed you a signed copy');
    expect(document.querySelector('form')).toBeNull();
  });

  it('fetches the letter with the token in the body and saves it through an object URL', async () => {
    const clicks = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { calls } = await renderPage();
    await act(async () => buttonByName(OPEN_LETTER).click());
    await settle();
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
    expect(document.querySelector('[role="alert"]')?.textContent).toBe(INVALID_LINK);
    expect(document.querySelector('a[href="/sign-in"]')).not.toBeNull();
  });

  it('says so when the letter is already signed', async () => {
    await renderPage({ session: { status: 200, body: { ...VIEW, signed: true } } });
    expect(document.body.textContent).toContain(ALREADY_SIGNED);
    expect(document.querySelector('form')).toBeNull();
  });
});
