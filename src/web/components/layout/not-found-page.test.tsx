import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerApi } from '#web/test/api-mock';
import { renderRoutes } from '#web/test/render';
import { Component as NotFoundPage } from './not-found-page';

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

function renderPage(sessionAnswer: unknown) {
  const calls = answerApi({ 'GET /api/session': { status: 200, body: sessionAnswer } });
  renderRoutes([{ path: '*', Component: NotFoundPage }], '/no-such-page');
  return calls;
}

const continueLink = () => screen.findByRole('link', { name: 'Continue where you left off' });

describe('not-found page', () => {
  it('sends a signed-in borrower back where they left off, with a way to sign out', async () => {
    renderPage({ user: user(false), resume: '/payments/next-steps' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Page not found');
    expect(await continueLink()).toHaveAttribute('href', '/payments/next-steps');
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Go to the home page' })).toBeNull();
  });

  it('sends staff to the service portal', async () => {
    renderPage({ user: user(true), resume: '/summary' });
    expect(await continueLink()).toHaveAttribute('href', '/summary');
  });

  it('keeps the home page link for anonymous visitors', async () => {
    const calls = renderPage({ user: null });
    // Once the session is known to be anonymous:
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(await screen.findByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('link', { name: 'Continue where you left off' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sign Out' })).toBeNull();
  });
});
