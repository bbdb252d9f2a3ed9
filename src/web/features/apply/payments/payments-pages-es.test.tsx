import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SubmittedView } from '#domain/enrollment/views';
import { SITE } from '#domain/site';
import { answerApi } from '#web/test/api-mock';
import { renderRoutes } from '#web/test/render';
import { ACCOUNTS_PATH, Component as ConfirmPage } from './confirm-payment-account-page';
import { Component as NextStepsPage } from './next-steps-page';
import { Component as OptionsPage } from './payment-account-options-page';
import { Component as ProvidePage } from './provide-payment-account-page';
import { Component as SubmittedPage, SUBMITTED_PATH } from './submitted-page';
import { borrowerSession, paymentApplication } from './test-fixtures';

// The payment pages drawn in Spanish (the English is checked by each page's own tests).

const routes = [
  { path: '/payments/next-steps', Component: NextStepsPage },
  { path: '/payments/payment-account-options', Component: OptionsPage },
  { path: '/payments/provide-payment-account-information', Component: ProvidePage },
  { path: '/payments/confirm-payment-account', Component: ConfirmPage },
  { path: '/submitted', Component: SubmittedPage },
];

function inSpanish(entry: string, more: Parameters<typeof answerApi>[0] = {}) {
  answerApi({
    'GET /api/session': { status: 200, body: borrowerSession },
    'GET /api/application': { status: 200, body: paymentApplication() },
    ...more,
  });
  return renderRoutes(routes, entry, undefined, 'es');
}
const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

const PLAN: NonNullable<SubmittedView['plan']> = {
  terms: {
    monthlyDraft: 33006,
    creditorsMonthlyPayment: 30506,
    monthlyFee: 2500,
    setupFee: 3500,
    setupFeeDate: '2026-12-15',
    draftDay: 15,
    termInMonths: 36,
    firstDraftDate: '2026-12-15',
    lastDraftDate: '2029-11-15',
    lastDraftAmount: 12000,
    totalPaid: 1158710,
    totalFees: 93500,
  },
  creditors: [{ creditorName: 'Capital One', payment: 18000 }],
  payDirectly: [{ creditorName: 'Chase', currentPayment: 5800, why: 'leftOutByBorrower' }],
};

describe('the payment pages in Spanish', () => {
  it('/payments/next-steps', async () => {
    inSpanish('/payments/next-steps');
    expect(await heading('Próximos pasos')).toBeInTheDocument();
    expect(document.title).toContain('Próximos pasos');
    expect(
      screen.getByText('Firme su carta de autorización (se la enviamos por correo electrónico).'),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        `Un consejero de crédito de ${SITE.agencyName} revisa su solicitud y se comunica con usted.`,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continuar' })).toBeInTheDocument();
  });

  it('/payments/payment-account-options, with the manual choice', async () => {
    const { user } = inSpanish('/payments/payment-account-options');
    expect(await heading('Conecte su banco')).toBeInTheDocument();
    expect(screen.getByText(/se cobra de su cuenta de cheques principal/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Conectar su banco' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ingresar manualmente' }));
    const reasons = screen.getByRole('group', { name: '¿Por qué ingresa su cuenta manualmente?' });
    expect(
      within(reasons).getByRole('radio', { name: 'Mi banco no aparece en la lista' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continuar' })).toBeInTheDocument();
  });

  it('/payments/provide-payment-account-information, with the cheque help', async () => {
    const { user } = inSpanish('/payments/provide-payment-account-information');
    expect(await heading('Ingrese su cuenta de cheques')).toBeInTheDocument();
    expect(screen.getByLabelText('Número de cuenta')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirmar número de cuenta')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Número de ruta bancaria/)).toBeInTheDocument();
    expect(screen.getByText('9 dígitos')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enviar' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mejor conectar mi banco' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Dónde encontrar estos números' }));
    const help = await screen.findByRole('dialog', { name: 'Dónde encontrar estos números' });
    expect(within(help).getByRole('img', { name: /^Un cheque de ejemplo/ })).toBeInTheDocument();
    expect(help).toHaveTextContent('Páguese a la orden de');
    expect(within(help).getByRole('button', { name: 'Cerrar' })).toBeInTheDocument();
  });

  it('/payments/confirm-payment-account, with the day after payday offered', async () => {
    inSpanish('/payments/confirm-payment-account', {
      [`GET ${ACCOUNTS_PATH}`]: {
        status: 200,
        body: {
          accounts: [
            {
              id: '7d1f0c52-4b55-4a5e-9a43-0f6d1c2b3a01',
              institutionName: 'First Platypus Bank',
              name: 'Plaid Checking',
              mask: '0000',
              availableBalance: 1_234_00,
              selectedForPayments: false,
            },
          ],
          draftDayProposal: { payday: 15, suggestedDraftDay: 16, chosenDraftDay: 1 },
        },
      },
    });
    expect(await heading('Confirme su cuenta de pago')).toBeInTheDocument();
    expect(
      await screen.findByRole('region', { name: '¿Cobrar su plan el día después de su día de pago?' }),
    ).toHaveTextContent('Su sueldo llega alrededor del día 15; cobrar el día 16 asegura');
    expect(screen.getByRole('button', { name: 'Cobrar el día 16 en su lugar' })).toBeInTheDocument();
    const accounts = screen.getByRole('group', { name: 'Cuenta de pago' });
    expect(within(accounts).getByRole('radio')).toBeInTheDocument();
    expect(accounts).toHaveTextContent('Plaid Checking ••0000Saldo disponible: $1,234');
    expect(screen.getByRole('link', { name: 'Usar otro banco' })).toBeInTheDocument();
  });

  it('/submitted while the letter waits, with the plan terms and dates in Spanish', async () => {
    inSpanish('/submitted', {
      [`GET ${SUBMITTED_PATH}`]: {
        status: 200,
        body: {
          status: 'signContract',
          signed: false,
          signers: [
            { role: 'borrower', name: 'Ana Diaz', signed: false },
            { role: 'spouse', name: 'Luis Diaz', signed: false },
          ],
          envelopeId: '6f1c2f7e-3d0a-4b8e-9a55-2c1d0e9f4a10',
          plan: PLAN,
        } satisfies SubmittedView,
      },
    });
    expect(await heading('Se requiere su firma')).toBeInTheDocument();
    expect(document.title).toContain('Se requiere su firma');
    expect(screen.getByText(/Les enviamos a usted y a su cónyuge/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Firmar ahora' })).toBeInTheDocument();
    expect(screen.getAllByText('Aún sin firmar')).toHaveLength(2);
    expect(screen.getByText('Su cónyuge')).toBeInTheDocument();
    const terms = screen.getByRole('region', { name: 'Los términos de su plan' });
    expect(terms).toHaveTextContent('Primer cargo15 de diciembre de 2026, y luego el día 15 de cada mes');
    expect(terms).toHaveTextContent('Número de cargos36, el último el 15 de noviembre de 2029 ($120.00)');
    expect(terms).toHaveTextContent('Usted lo dejó fuera del plan.');
    expect(screen.getByRole('button', { name: 'Reenviar el correo electrónico' })).toBeInTheDocument();
  });

  it('/submitted once signed', async () => {
    inSpanish('/submitted', {
      [`GET ${SUBMITTED_PATH}`]: {
        status: 200,
        body: {
          status: 'counselorReview',
          signed: true,
          signers: [{ role: 'borrower', name: 'Ana Diaz', signed: true }],
          envelopeId: '6f1c2f7e-3d0a-4b8e-9a55-2c1d0e9f4a10',
          plan: null,
        } satisfies SubmittedView,
      },
    });
    expect(await heading('Gracias por completar la carta de autorización')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Lo que sigue' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir a Mi plan' })).toBeInTheDocument();
    expect(screen.getByText(/¿Tiene preguntas\? Llame al/)).toHaveTextContent('(hora del Este)');
  });
});
