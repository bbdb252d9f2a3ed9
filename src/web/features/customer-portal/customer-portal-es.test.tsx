import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerApi } from '#web/test/api-mock';
import { renderElement } from '#web/test/render';
import { ALERTS_PATH } from './api';
import { CustomerPortalHeader } from './customer-portal-header';

// The customer portal drawn in Spanish (the English is checked by each page's own tests).

describe('the customer portal in Spanish', () => {
  it('names the pages in the header, with the count of new alerts', async () => {
    answerApi({ [`GET ${ALERTS_PATH}`]: { status: 200, body: { alerts: [], unseen: 2 } } });
    renderElement(<CustomerPortalHeader />, '/customer-portal/plan', undefined, 'es');
    expect(screen.getByRole('navigation', { name: 'Portal del cliente' })).toBeInTheDocument();
    expect(screen.getByText('Mi cuenta')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mi plan' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pagos' })).toHaveAttribute('href', '/customer-portal/payments');
    expect(screen.getByRole('link', { name: 'Próximos pasos' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Configuración' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Menú (2 alertas nuevas)' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Alertas 2 nuevas' })).toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Cerrar sesión' })).toBeInTheDocument();
  });
});
