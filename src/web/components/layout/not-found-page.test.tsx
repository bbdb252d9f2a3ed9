import { afterEach, describe, expect, it } from 'vitest';
import { mockApi, mountRoutes, settle, waitFor } from '../ui/form/dom-test-helpers';
import { Component as NotFoundPage } from './not-found-page';

const realFetch = globalThis.fetch;
let unmount: (() => void) | undefined;
afterEach(() => {
  unmount?.();
  unmount = undefined;
  globalThis.fetch = realFetch;
  document.body.innerHTML = '';
});

const user = (isStaff: boolean) => ({
  id: 'u1',
  email: 'ana@example.com',
  firstName: 'Ana',
  lastName: 'Diaz',
  phoneNumber: null,
  mustChangePassword: false,
  isStaff,
  twoFactorEnabled: isStaff,
  secondFactorVerified: isStaff,
});

async function renderPage(sessionAnswer: unknown) {
  mockApi({ 'GET /api/session': { status: 200, body: sessionAnswer } });
  const app = mountRoutes([{ path: '*', Component: NotFoundPage }], '/no-such-page');
  unmount = app.unmount;
  await settle();
}

const link = (text: string) => [...document.querySelectorAll('a')].find((a) => a.textContent === text);
const hasButton = (text: string) =>
  [...document.querySelectorAll('button')].some((b) => b.textContent === text);

describe('not-found page', () => {
  it('sends a signed-in borrower back where they left off, with a way to sign out', async () => {
    await renderPage({ user: user(false), resume: '/payments/next-steps' });
    expect(document.querySelector('h1')?.textContent).toBe('Page not found');
    await waitFor(() =>
      expect(link('Continue where you left off')?.getAttribute('href')).toBe('/payments/next-steps'),
    );
    expect(hasButton('Sign Out')).toBe(true);
    expect(link('Go to the home page')).toBeUndefined();
  });

  it('sends staff to the service portal', async () => {
    await renderPage({ user: user(true), resume: '/summary' });
    await waitFor(() => expect(link('Continue where you left off')?.getAttribute('href')).toBe('/summary'));
  });

  it('keeps the home page link for anonymous visitors', async () => {
    await renderPage({ user: null });
    expect(link('Go to the home page')?.getAttribute('href')).toBe('/');
    expect(link('Continue where you left off')).toBeUndefined();
    expect(hasButton('Sign Out')).toBe(false);
  });
});
