import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SITE } from '#domain/site';
import { renderRoutes } from '#web/test/render';
import * as debtAnalysis from './debt-analysis-page';
import * as debtRelief from './debt-relief-page';
import * as lead from './lead-page';

// The landing pages on their Spanish addresses: every part in Spanish, the tab title too.

describe('the landing pages in Spanish', () => {
  it('/es/lead: the hero, the form, the sections and the title', async () => {
    await lead.preload();
    renderRoutes([{ path: '/es/lead', Component: lead.Component }], '/es/lead', undefined, 'es');
    expect(
      screen.getByRole('heading', { level: 1, name: 'La forma gratuita de pagar sus tarjetas de crédito' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Vea cuánto puede ahorrar' })).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: 'Nombre' })).toBeInTheDocument();
    for (const name of [
      'Cómo funciona',
      `¿Por qué ${SITE.companyName}?`,
      'Nuestros socios',
      'Preguntas frecuentes',
    ])
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    expect(screen.getByText('¿Cómo puede ser gratis?')).toBeInTheDocument();
    expect(screen.getAllByText(/Un plan de manejo de deudas puede tener/).length).toBeGreaterThan(0);
    expect(document.title).toBe(`Pague sus tarjetas de crédito | ${SITE.companyName}`);
  });

  it('/es/debt-analysis and /es/debt-relief', () => {
    const analysis = renderRoutes(
      [{ path: '/es/debt-analysis', Component: debtAnalysis.Component }],
      '/es/debt-analysis',
      undefined,
      'es',
    );
    expect(
      screen.getByRole('heading', {
        level: 1,
        name: 'Un análisis de deudas gratuito, en menos de 5 minutos',
      }),
    ).toBeInTheDocument();
    expect(document.title).toBe(`Análisis de deudas gratuito | ${SITE.companyName}`);
    analysis.unmount();

    renderRoutes(
      [{ path: '/es/debt-relief', Component: debtRelief.Component }],
      '/es/debt-relief',
      undefined,
      'es',
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Cómo se compara' })).toBeInTheDocument();
    expect(screen.getByText('La liquidación de deudas')).toBeInTheDocument();
  });

  it('keeps the English on the English pages', () => {
    renderRoutes([{ path: '/debt-relief', Component: debtRelief.Component }], '/debt-relief');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Debt relief with a debt management plan' }),
    ).toBeInTheDocument();
    expect(document.title).toBe(`Debt relief with a debt management plan | ${SITE.companyName}`);
    expect(screen.getAllByRole('link', { name: 'Get Started' })[0]).toHaveAttribute(
      'href',
      '/lead#get-started',
    );
  });
});
