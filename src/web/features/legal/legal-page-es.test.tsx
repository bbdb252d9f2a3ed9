import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi } from '#web/test/api-mock';
import { renderRoutes } from '#web/test/render';
import { Component as LegalPage } from './legal-page';

// The legal pages drawn in Spanish: the Spanish text, and the notice that the English version governs until
// the agency approves its Spanish (the English pages are checked by legal-page.test.tsx).

const routes = ['/privacy-policy', '/terms-and-conditions', '/credit-report-policy'].map((path) => ({
  path,
  Component: LegalPage,
}));
afterEach(() => vi.restoreAllMocks());

const SPANISH = {
  kind: 'text',
  title: 'Política de privacidad',
  markdown: '# Política de privacidad\n\n## Quiénes somos\n\nUna agencia sin fines de lucro.',
  language: 'es',
  version: 'es-0123456789ab',
};
const ENGLISH = {
  kind: 'text',
  title: 'Privacy Policy',
  markdown: '# Privacy Policy\n\n## Who we are\n\nA nonprofit.',
  language: 'en',
  version: 'en-0123456789ab',
  englishGoverns: false,
};

describe('the legal pages in Spanish', () => {
  it('shows the Spanish text with a notice that the English governs, linking to the English text', async () => {
    const calls = answerApi({
      'GET /api/legal/privacy-policy?language=es': {
        status: 200,
        body: { ...SPANISH, englishGoverns: true },
      },
      // English is asked for as it always was, without a language.
      'GET /api/legal/privacy-policy': { status: 200, body: ENGLISH },
    });
    const { user } = renderRoutes(routes, '/privacy-policy', undefined, 'es');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Política de privacidad' }),
    ).toBeInTheDocument();
    expect(document.title).toContain('Política de privacidad');
    expect(screen.getByRole('heading', { level: 2, name: 'Quiénes somos' })).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(
      'Esta traducción se ofrece para su comodidad. La versión en inglés es la que rige',
    );
    const link = screen.getByRole('link', { name: 'Lea la versión en inglés' });
    expect(link).toHaveAttribute('href', '/privacy-policy?lang=en');

    await user.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(screen.getByText('A nonprofit.').closest('[lang]')).toHaveAttribute('lang', 'en');
    expect(screen.queryByRole('note')).toBeNull();
    expect(calls.map((c) => c.path)).toEqual([
      '/api/legal/privacy-policy?language=es',
      '/api/legal/privacy-policy',
    ]);
  });

  it('shows no notice once the agency has approved its Spanish', async () => {
    answerApi({
      'GET /api/legal/privacy-policy?language=es': {
        status: 200,
        body: { ...SPANISH, englishGoverns: false },
      },
    });
    renderRoutes(routes, '/privacy-policy', undefined, 'es');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Política de privacidad' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('note')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Lea la versión en inglés' })).toBeNull();
  });

  it('says so when the agency has the text in English only', async () => {
    answerApi({
      'GET /api/legal/terms-and-conditions?language=es': {
        status: 200,
        body: { ...ENGLISH, title: 'Terms and Conditions', markdown: 'Our own terms.' },
      },
    });
    renderRoutes(routes, '/terms-and-conditions', undefined, 'es');
    expect(await screen.findByRole('note')).toHaveTextContent(
      'Este documento solo está disponible en inglés.',
    );
    expect(screen.getByText('Our own terms.').closest('[lang]')).toHaveAttribute('lang', 'en');
    expect(document.title).toContain('Términos y condiciones');
  });

  it('goes on to the agency’s Spanish page, saying so in Spanish', async () => {
    const replace = vi.spyOn(window.location, 'replace').mockImplementation(() => undefined);
    answerApi({
      'GET /api/legal/credit-report-policy?language=es': {
        status: 200,
        body: {
          kind: 'url',
          title: 'Política de informes de crédito',
          url: 'https://agency.example/es/credito',
          language: 'es',
          englishGoverns: false,
        },
      },
    });
    renderRoutes(routes, '/credit-report-policy', undefined, 'es');
    expect(
      await screen.findByRole('link', {
        name: /Política de informes de crédito en el sitio de nuestro socio/,
      }),
    ).toHaveAttribute('href', 'https://agency.example/es/credito');
    expect(replace).toHaveBeenCalledWith('https://agency.example/es/credito');
  });
});
