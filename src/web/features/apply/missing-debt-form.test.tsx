import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerApi } from '#web/test/api-mock';
import { renderElement } from '#web/test/render';
import { MissingDebtForm } from './missing-debt-form';

// The form's English is checked on /eligible-debts (eligible-debts-page.test.tsx); here it is drawn in Spanish.

describe('MissingDebtForm in Spanish', () => {
  it('labels its fields and buttons, explains a missing answer and a failed add in Spanish', async () => {
    answerApi({
      'POST /api/application/eligible-debts/missing': { status: 500, body: { code: 'InternalError' } },
    });
    const { user } = renderElement(
      <MissingDebtForm onAdded={() => undefined} onClose={() => undefined} />,
      '/',
      undefined,
      'es',
    );
    expect(screen.getByRole('form', { name: 'Agregar una deuda que falta' })).toBeInTheDocument();
    expect(screen.getByText(/un consejero le pedirá un estado de cuenta reciente/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Agregar deuda' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Nombre del acreedor')).toHaveAccessibleDescription(
        'Nombre del acreedor: este dato es obligatorio',
      ),
    );
    await user.type(screen.getByLabelText('Nombre del acreedor'), 'Tienda Uno');
    await user.type(screen.getByLabelText('Saldo'), '1200');
    await user.type(screen.getByLabelText('Pago mensual'), '40');
    await user.click(screen.getByRole('button', { name: 'Agregar deuda' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/Inténtelo de nuevo/);
  });
});
