import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SigningView } from '#domain/enrollment/views';
import { answerApi, type ApiCall } from '#web/test/api-mock';
import { renderRoutes } from '#web/test/render';
import { ELECTRONIC_RECORDS_CONSENT_VERSION } from '#domain/enrollment/electronic-records-consent';
import {
  AGREE_LABEL,
  ALREADY_SIGNED,
  Component as SignLetterPage,
  CONSENT_BUTTON,
  CONSENT_PATH,
  CONSENTED,
  DOCUMENT_PATH,
  ELECTRONIC_RECORDS_AGREE_LABEL,
  OPEN_LETTER_FIRST,
  PAPER_BUTTON,
  PAPER_CHOSEN,
  PAPER_PATH,
  SIGN_ELECTRONICALLY_AFTER_ALL,
  INVALID_LINK,
  LETTER_RENEWED_TITLE,
  NEW_LINK_FAILED,
  NEW_LINK_PATH,
  OPEN_LETTER,
  SIGNING_LINK_MESSAGES,
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
  documentOpened: true,
  electronicRecords: 'consented',
};
/** A signer who has not yet opened the letter nor answered the consent. */
const FRESH: SigningView = { ...VIEW, documentOpened: false, electronicRecords: 'pending' };

type Reply = { status: number; body?: unknown; headers?: Record<string, string> };

beforeEach(() => {
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:letter');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

async function renderPage(
  o: {
    entry?: string;
    session?: Reply;
    sign?: Reply;
    consent?: Reply;
    paper?: Reply;
    newLink?: Reply | (() => Reply);
    document?: Reply;
  } = {},
) {
  const calls: ApiCall[] = answerApi({
    [`POST ${SESSION_PATH}`]: o.session ?? { status: 200, body: VIEW },
    [`POST ${SIGN_PATH}`]: o.sign ?? { status: 200, body: { signed: true } },
    [`POST ${DOCUMENT_PATH}`]: o.document ?? { status: 200, body: '%PDF-1.7' },
    [`POST ${CONSENT_PATH}`]: o.consent ?? { status: 200, body: { electronicRecords: 'consented' } },
    [`POST ${PAPER_PATH}`]: o.paper ?? { status: 200, body: { electronicRecords: 'withdrawn' } },
    [`POST ${NEW_LINK_PATH}`]: o.newLink ?? { status: 200, body: { sent: true } },
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

  it('says a new letter was sent when the first draft date came too close to sign this one', async () => {
    const renewed =
      'The first draft date on this letter is now too close for us to set up the draft in time, so it can no ' +
      'longer be signed. We have emailed you a new letter, with the first draft on January 15, 2027. Please sign that one.';
    const { user } = await renderPage({
      sign: { status: 410, body: { code: 'LetterRenewed', message: renewed } },
    });
    await fillIn(user, 'Ana Diaz');
    await clickSign(user);
    await waitFor(() => expect(h1()).toBe(LETTER_RENEWED_TITLE));
    expect(screen.getByRole('alert')).toHaveTextContent(renewed);
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
    expect(document.querySelector('a[download]')?.getAttribute('download')).toBe(
      'letter-of-authorization.pdf',
    );
  });

  it('names the saved file in the letter’s language, as the server says it is', async () => {
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { user } = await renderPage({
      document: { status: 200, body: '%PDF-1.7', headers: { 'content-language': 'es' } },
    });
    await user.click(screen.getByRole('button', { name: OPEN_LETTER }));
    await waitFor(() => expect(saved).toEqual(['carta-de-autorizacion.pdf']));
    expect(document.querySelector('a[download]')?.getAttribute('download')).toBe('carta-de-autorizacion.pdf');
  });

  describe('consent to electronic records, before the signature', () => {
    const consentBox = () => screen.getByLabelText(ELECTRONIC_RECORDS_AGREE_LABEL);
    const consentButton = () => screen.getByRole('button', { name: CONSENT_BUTTON });
    const pathsOf = (calls: ApiCall[]) => calls.map((c) => c.path);

    it('shows the disclosures, and keeps the consent disabled until the letter is opened', async () => {
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
      const { calls, user } = await renderPage({ session: { status: 200, body: FRESH } });
      for (const text of [
        'Your right to paper',
        'Paper copies are free: there is no fee.',
        'Withdrawing your consent',
        'Withdrawing does not undo anything you already signed electronically.',
        'a PDF reader',
        "customer portal's settings",
        '(800) 555-0199',
      ])
        expect(document.body).toHaveTextContent(text);
      expect(consentBox()).toBeDisabled();
      expect(consentBox()).toHaveAccessibleDescription(OPEN_LETTER_FIRST);
      expect(consentButton()).toBeDisabled();
      // No signature before the consent.
      expect(screen.queryByLabelText('Full name')).toBeNull();

      await user.click(screen.getByRole('button', { name: OPEN_LETTER }));
      await waitFor(() => expect(consentBox()).toBeEnabled());
      expect(consentBox()).not.toHaveAccessibleDescription(OPEN_LETTER_FIRST);
      expect(pathsOf(calls)).toEqual([SESSION_PATH, DOCUMENT_PATH]);
    });

    it('requires the box, then sends the current version and shows the signature form', async () => {
      const { calls, user } = await renderPage({
        session: { status: 200, body: { ...FRESH, documentOpened: true } },
      });
      await user.click(consentButton());
      await waitFor(() =>
        expect(consentBox()).toHaveAccessibleDescription(
          'Agreeing to receive records and sign electronically is required',
        ),
      );
      expect(pathsOf(calls)).not.toContain(CONSENT_PATH);

      await user.click(consentBox());
      await user.click(consentButton());
      expect(await screen.findByText(CONSENTED)).toBeInTheDocument();
      expect(calls.filter((c) => c.path === CONSENT_PATH).map((c) => c.body)).toEqual([
        { token: TOKEN, version: ELECTRONIC_RECORDS_CONSENT_VERSION, agreed: true },
      ]);
      await fillIn(user, 'Ana Diaz');
      await clickSign(user);
      await waitFor(() => expect(document.body).toHaveTextContent('Thank you, Ana Diaz.'));
    });

    it("shows the server's refusal as it is, and asks to open the letter again", async () => {
      const message = 'Open the letter first to check you can read it, then agree to electronic records.';
      const { user } = await renderPage({
        session: { status: 200, body: { ...FRESH, documentOpened: true } },
        consent: { status: 409, body: { code: 'PreconditionFailed', message } },
      });
      await user.click(consentBox());
      await user.click(consentButton());
      expect(await screen.findByRole('alert')).toHaveTextContent(message);
      await waitFor(() => expect(consentBox()).toBeDisabled());
      expect(screen.queryByLabelText('Full name')).toBeNull();
    });

    it('records a choice of paper and says what happens next; the signer may change their mind', async () => {
      const { calls, user } = await renderPage({ session: { status: 200, body: FRESH } });
      await user.click(screen.getByRole('button', { name: PAPER_BUTTON }));
      expect(await screen.findByRole('heading', { level: 1, name: PAPER_CHOSEN.heading })).toHaveFocus();
      expect(document.body).toHaveTextContent(PAPER_CHOSEN.text);
      expect(document.querySelector('a[href="tel:+18005550199"]')).not.toBeNull();
      expect(calls.filter((c) => c.path === PAPER_PATH).map((c) => c.body)).toEqual([{ token: TOKEN }]);

      await user.click(screen.getByRole('button', { name: SIGN_ELECTRONICALLY_AFTER_ALL }));
      expect(h1()).toBe(TITLE);
      expect(consentBox()).toBeDisabled();
    });

    it('refuses the signature without consent with the server message, and asks for the consent again', async () => {
      const message = 'Please agree to receive records and sign electronically before you sign.';
      let sessions = 0;
      answerApi({
        [`POST ${SESSION_PATH}`]: () => ({
          status: 200,
          body: sessions++ === 0 ? VIEW : { ...VIEW, electronicRecords: 'pending' },
        }),
        [`POST ${SIGN_PATH}`]: { status: 409, body: { code: 'PreconditionFailed', message } },
      });
      const { user } = renderRoutes(
        [{ path: '/sign-letter', Component: SignLetterPage }],
        `/sign-letter#t=${TOKEN}`,
      );
      await screen.findByRole('heading', { level: 1 });
      await fillIn(user, 'Ana Diaz');
      await clickSign(user);
      expect(await screen.findByRole('alert')).toHaveTextContent(message);
      await waitFor(() => expect(screen.queryByLabelText('Full name')).toBeNull());
      expect(sessions).toBe(2);
      expect(screen.getByLabelText(ELECTRONIC_RECORDS_AGREE_LABEL)).toBeEnabled();
    });
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

const EXPIRED: Reply = {
  status: 410,
  body: { code: 'SigningLinkExpired', message: 'This signing link has expired.' },
};
const newLinkCalls = (calls: ApiCall[]) => calls.filter((c) => c.path === NEW_LINK_PATH).map((c) => c.body);

describe('/sign-letter with an expired link', () => {
  it('says the link has expired and sends a new one once, to the signer’s own address', async () => {
    const { calls, user } = await renderPage({ session: EXPIRED });
    expect(h1()).toBe('Signing link expired');
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
    expect(document.title).toContain('Signing link expired');
    expect(document.body).toHaveTextContent('This signing link has expired.');
    expect(document.body).toHaveTextContent(
      'We will email a new link to the address we have for you. It works for 14 days.',
    );
    expect(document.querySelector('form')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Send me a new link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'We sent you a new link. Please open it from the newest email we sent you.',
    );
    // The token is the only thing sent: the server picks the address, never the page.
    expect(newLinkCalls(calls)).toEqual([{ token: TOKEN }]);
    expect(screen.queryByRole('button', { name: 'Send me a new link' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/sign-in');
  });

  it('shows the server’s words when nothing is left to sign, and lets a failed send be tried again', async () => {
    let answer: Reply = { status: 500, body: { code: 'InternalError', message: 'boom' } };
    const { calls, user } = await renderPage({ session: EXPIRED, newLink: () => answer });
    await user.click(screen.getByRole('button', { name: SIGNING_LINK_MESSAGES.sendNew }));
    expect(await screen.findByRole('alert')).toHaveTextContent(NEW_LINK_FAILED);
    expect(document.body).not.toHaveTextContent('boom');

    answer = { status: 409, body: { code: 'Conflict', message: SIGNING_LINK_MESSAGES.alreadySigned } };
    await user.click(screen.getByRole('button', { name: SIGNING_LINK_MESSAGES.sendNew }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(SIGNING_LINK_MESSAGES.alreadySigned),
    );
    expect(screen.queryByRole('button', { name: SIGNING_LINK_MESSAGES.sendNew })).toBeNull();
    expect(newLinkCalls(calls)).toHaveLength(2);
  });

  it('turns to the expired page when the link expires while the signer is signing', async () => {
    const { user } = await renderPage({ sign: EXPIRED });
    await fillIn(user, 'Ana Diaz');
    await clickSign(user);
    await waitFor(() => expect(h1()).toBe('Signing link expired'));
    expect(screen.getByRole('button', { name: 'Send me a new link' })).toBeInTheDocument();
  });
});
