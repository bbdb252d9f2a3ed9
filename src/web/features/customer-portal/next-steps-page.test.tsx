import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SITE } from '#domain/site';
import { answerApi } from '#web/test/api-mock';
import { renderRoutes } from '#web/test/render';
import { Component as NextStepsPage } from './next-steps-page';

const routes = [{ path: '/customer-portal/next-steps', Component: NextStepsPage }];
const MY_CALL = 'GET /api/customer-portal/counselling-call';
const noCall = () => answerApi({ [MY_CALL]: { status: 200, body: { call: null } } });

describe('/customer-portal/next-steps', () => {
  it('offers a call with a counsellor, the office hours and the way to My plan', async () => {
    noCall();
    renderRoutes(routes, '/customer-portal/next-steps');
    expect(await screen.findByRole('heading', { level: 1, name: 'Next Steps' })).toBeInTheDocument();
    expect(document.title).toContain('Next Steps');
    expect(screen.getByRole('heading', { name: 'Talk with your credit counsellor' })).toBeInTheDocument();
    expect(document.body.textContent).toContain(
      `Your plan is in the hands of ${SITE.agencyName}. A counsellor will go over your plan with you and answer your questions.`,
    );
    expect(screen.getByText(SITE.hours)).toBeInTheDocument();
    // The product books the call itself unless the deployment keeps the outside scheduling page.
    expect(screen.getByRole('link', { name: 'Schedule Your Call Now!' })).toHaveAttribute(
      'href',
      '/counselling-call',
    );
    expect(screen.getByRole('link', { name: 'View my plan' })).toHaveAttribute(
      'href',
      '/customer-portal/plan',
    );
  });

  it('reads in Spanish', async () => {
    noCall();
    renderRoutes(routes, '/customer-portal/next-steps', undefined, 'es');
    expect(await screen.findByRole('heading', { level: 1, name: 'Próximos pasos' })).toBeInTheDocument();
    expect(document.title).toContain('Próximos pasos');
    expect(screen.getByRole('heading', { name: 'Hable con su consejero de crédito' })).toBeInTheDocument();
    expect(document.body.textContent).toContain(`Su plan está en manos de ${SITE.agencyName}.`);
    expect(screen.getByText('Teléfono')).toBeInTheDocument();
    expect(screen.getByText('Lunes a viernes, de 9 a. m. a 5 p. m. (hora del Este)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '¡Programe su llamada ahora!' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Mi plan' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver mi plan' })).toBeInTheDocument();
  });

  it('shows the borrower’s upcoming call with the links to move or cancel it', async () => {
    answerApi({
      [MY_CALL]: {
        status: 200,
        body: {
          call: {
            startsAt: '2026-12-01T15:00:00.000Z',
            endsAt: '2026-12-01T15:30:00.000Z',
            state: 'booked',
            timeZone: 'America/Chicago',
            language: 'en',
            reminder: 'email',
            counsellorFirstName: 'Ana',
            changeable: true,
            token: 'abc.def',
          },
        },
      },
    });
    renderRoutes(routes, '/customer-portal/next-steps');
    expect(await screen.findByRole('heading', { name: 'Your upcoming call' })).toBeInTheDocument();
    expect(screen.getByText('Tuesday, December 1, 2026 at 9:00 AM CST')).toBeInTheDocument();
    expect(screen.getByText('With Ana, who will call you.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose another time' })).toHaveAttribute(
      'href',
      '/counselling-call?token=abc.def&action=reschedule',
    );
    expect(screen.getByRole('link', { name: 'Cancel the call' })).toHaveAttribute(
      'href',
      '/counselling-call?token=abc.def&action=cancel',
    );
  });
});
