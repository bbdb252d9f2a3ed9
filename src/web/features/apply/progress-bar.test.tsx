import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Language } from '#domain/i18n/language';
import { InLanguage } from '#web/test/render';
import { ProgressBar } from './progress-bar';

const drawn = (language: Language) =>
  render(
    <InLanguage language={language}>
      <ProgressBar page="Credit" />
    </InLanguage>,
  );

describe('ProgressBar', () => {
  it('names the steps, the current one and the one completed, in English', () => {
    drawn('en');
    const nav = screen.getByRole('navigation', { name: 'Application progress' });
    const current = within(nav).getAllByRole('listitem')[1]!;
    expect(current).toHaveAttribute('aria-current', 'step');
    expect(current).toHaveTextContent('Step 2Debt, Income, and Expense Verification');
    expect(within(nav).getAllByRole('listitem')[0]).toHaveTextContent(
      'Step 1Personal Information (completed)',
    );
    expect(nav).toHaveTextContent('Step 3, Your Offer');
  });

  it('and in Spanish', () => {
    drawn('es');
    const nav = screen.getByRole('navigation', { name: 'Avance de la solicitud' });
    const [first, second] = within(nav).getAllByRole('listitem');
    expect(first).toHaveTextContent('Paso 1Información personal (completado)');
    expect(second).toHaveTextContent('Paso 2Verificación de deudas, ingresos y gastos');
    expect(nav).toHaveTextContent('Paso 3, Su oferta');
  });
});
