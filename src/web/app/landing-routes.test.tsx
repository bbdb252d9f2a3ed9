import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { InLanguage } from '#web/test/render';
import { routes } from './router';

// The whole app draws the landing pages too (after a visitor went on and came back): each in its address's
// language, whatever the app was drawn in before.

afterEach(() => {
  document.documentElement.lang = '';
});

function appAt(path: string, appLanguage: 'en' | 'es') {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <InLanguage language={appLanguage}>
      <RouterProvider router={router} />
    </InLanguage>,
  );
  return router;
}

describe('the landing pages in the whole app', () => {
  it('draws /es/lead in Spanish in an app drawn in English, and the app follows', async () => {
    appAt('/es/lead', 'en');
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'La forma gratuita de pagar sus tarjetas de crédito',
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Nombre' })).toBeInTheDocument();
    // The header follows the page: its switch offers English, at the English page's address.
    expect(await screen.findByRole('link', { name: 'English' })).toHaveAttribute('href', '/lead?lang=en');
    expect(document.documentElement.lang).toBe('es');
  });

  it('draws /es/debt-relief in Spanish, its links to the lead page in Spanish too', async () => {
    appAt('/es/debt-relief', 'en');
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Alivio de deudas con un plan de manejo de deudas',
      }),
    ).toBeInTheDocument();
    // Get Started goes to the Spanish lead page.
    for (const link of screen.getAllByRole('link', { name: 'Comenzar' }))
      expect(link).toHaveAttribute('href', '/es/lead#get-started');
  });

  it('draws /lead in English in an app drawn in Spanish', async () => {
    appAt('/lead', 'es');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'The free way to pay off your credit cards' }),
    ).toBeInTheDocument();
  });
});
