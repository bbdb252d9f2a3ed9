import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createIntl } from 'react-intl';
import { agencyToday } from '#domain/calendar';
import type { Language } from '#domain/i18n/language';
import { UNDER_CONTRACT_AGE_TEXTS } from '#domain/underwriting/contract-age';
import { SITE } from '#domain/site';
import { CREDIT_CONSENT_LABELS } from '#domain/validation/application';
import { MESSAGES } from '#domain/validation/messages';
import { SPOUSE_CONSENT_MESSAGES, type SpouseConsentStatusView } from '#domain/validation/spouse-consent';
import { answerApi, server, type ApiReply } from '#web/test/api-mock';
import { renderRoutes } from '#web/test/render';
import { BORROWER_SESSION_REPLY } from '#web/test/sessions';
import type { EligibleItemView } from '#domain/flow/application-view';
import type { ApplicationView } from './application-query';
import { Component as CreditPage, underContractAgeText, VERIFYING_TEXT } from './credit-page';
import { Component as EligibleDebtsPage } from './eligible-debts-page';

let user: UserEvent;

const person = {
  firstName: 'Ana',
  lastName: 'Diaz',
  email: 'ana@example.com',
  phoneNumber: null,
  addressLine1: null,
  addressLine2: null,
  city: null,
  state: 'TX',
  zipCode: null,
  dateOfBirth: null,
  consentedToCreditPolicy: null,
};

function view(hasSpouse: boolean): ApplicationView {
  return {
    id: 'app-1',
    status: 'inProgress',
    lastCompletedPage: 'Household',
    lastViewedPage: 'Credit',
    hardships: {
      hasHousingIssues: true,
      hasIncreasedMedicalExpenses: false,
      hasReductionInIncome: false,
      isUnemployed: false,
      other: false,
    },
    household: {
      hasDependents: false,
      numberOfDependentsInHousehold: 0,
      isHomeowner: false,
      hasMortgageEscrow: false,
      monthlyRentOrMortgageAmount: 100000,
      isCarOwner: false,
      hasSpouse,
    },
    borrower: { ...person, notifyWhenStateIsEligible: null },
    spouse: hasSpouse
      ? { ...person, firstName: 'Luis', hasSameAddressAsBorrower: true, preferredLanguage: null }
      : null,
    hasPulledCredit: false,
    selfReportedMonthlyCurrentIncome: null,
    estimatedShortfall: null,
    incomeThreshold: null,
    verifiedMonthlyCurrentIncome: null,
    connectedBankName: null,
    reasonForNotConnectingBank: null,
    outcome: null,
  };
}

type Reply = ApiReply;

const NOT_ASKED: SpouseConsentStatusView = { status: 'none', given: null, link: null, spouseEmail: null };

async function renderPage(
  hasSpouse: boolean,
  put: Reply,
  application: ApplicationView = view(hasSpouse),
  language: Language = 'en',
  spouseConsent: SpouseConsentStatusView = NOT_ASKED,
  more: Record<string, Reply> = {},
) {
  const calls = answerApi({
    'GET /api/session': BORROWER_SESSION_REPLY,
    'GET /api/application': { status: 200, body: application },
    'GET /api/application/credit/spouse-consent': { status: 200, body: spouseConsent },
    'PUT /api/application/credit': put,
    // Asked for as soon as a pull leads to the debts.
    'GET /api/application/eligible-debts': { status: 200, body: { items: [] } },
    ...more,
  });
  const app = renderRoutes(
    [
      { path: '/credit', Component: CreditPage },
      { path: '*', Component: () => <p>elsewhere</p> },
    ],
    '/credit',
    undefined,
    language,
  );
  user = app.user;
  await screen.findByRole('heading', {
    level: 1,
    name: language === 'es' ? 'Verifiquemos sus deudas' : "Let's verify your debts",
  });
  return { calls, router: app.router };
}

const consent = (label: string) => screen.getByLabelText(label);
const tick = (label: string) => user.click(consent(label));
const submit = () => user.click(screen.getByRole('button', { name: 'Continue' }));
const puts = (calls: { method: string; path: string; body: unknown }[]) =>
  calls.filter((c) => c.method === 'PUT' && c.path === '/api/application/credit').map((c) => c.body);
/** How many times the eligible debts were asked for. */
const lists = (calls: { method: string; path: string }[]) =>
  calls.filter((c) => c.method === 'GET' && c.path === '/api/application/eligible-debts').length;

const DEBT: EligibleItemView = {
  id: '11111111-1111-4111-8111-111111111111',
  kind: 'debt',
  creditorName: 'Capital One',
  originalCreditorName: null,
  accountType: 'CC',
  accountTypeName: 'Credit card',
  accountNumberLast4: '1234',
  currentBalance: 850000,
  estimatedMonthlyPayment: 24012,
  selectedForDebtReduction: true,
  owner: 'borrower',
  isSelfReported: false,
};

describe('/credit', () => {
  it('explains the soft inquiry and requires the borrower’s consent only, without a spouse', async () => {
    const { calls, router } = await renderPage(false, { status: 200, body: { next: '/eligible-debts' } });
    expect(document.body).toHaveTextContent('it does not affect your credit score');
    expect(screen.queryByLabelText(CREDIT_CONSENT_LABELS.spouse)).toBeNull();
    await submit();
    await waitFor(() =>
      expect(consent(CREDIT_CONSENT_LABELS.borrower)).toHaveAccessibleDescription(
        MESSAGES.creditConsentRequired,
      ),
    );
    expect(consent(CREDIT_CONSENT_LABELS.borrower)).toHaveFocus();
    expect(puts(calls)).toEqual([]);
    await tick(CREDIT_CONSENT_LABELS.borrower);
    await submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/eligible-debts'));
    expect(puts(calls)).toEqual([{ consentedToCreditPolicy: true }]);
  });

  it.each([['/eligible-debts'], ['/notify-when-eligible'], ['/offers/not-qualified']])(
    'requires the spouse’s own tick and typed name with a spouse at the screen, then goes to %s',
    async (next) => {
      const { calls, router } = await renderPage(true, { status: 200, body: { next } });
      await tick(CREDIT_CONSENT_LABELS.borrower);
      await submit();
      await waitFor(() =>
        expect(consent(CREDIT_CONSENT_LABELS.spouse)).toHaveAccessibleDescription(
          MESSAGES.creditConsentRequired,
        ),
      );
      expect(puts(calls)).toEqual([]);
      // The applicant's tick for the spouse is not enough: the spouse types their own name.
      await tick(CREDIT_CONSENT_LABELS.spouse);
      await submit();
      const name = screen.getByLabelText('Spouse’s full name, typed by the spouse');
      await waitFor(() => expect(name).toHaveAccessibleDescription(/Full name is required/));
      await user.type(name, 'Ana Diaz');
      await submit();
      await waitFor(() =>
        expect(name).toHaveAccessibleDescription(new RegExp(SPOUSE_CONSENT_MESSAGES.nameMismatch)),
      );
      expect(puts(calls)).toEqual([]);
      await user.clear(name);
      await user.type(name, 'luis  DIAZ');
      await submit();
      await waitFor(() => expect(router.state.location.pathname).toBe(next));
      expect(puts(calls)).toEqual([
        { consentedToCreditPolicy: true, spouseConsentedToCreditPolicy: true, spouseFullName: 'luis  DIAZ' },
      ]);
    },
  );

  it('sends the borrower’s consent alone once the spouse has given theirs', async () => {
    const { calls, router } = await renderPage(
      true,
      { status: 200, body: { next: '/eligible-debts' } },
      view(true),
      'en',
      {
        status: 'given',
        given: { method: 'emailedLink', consentedAt: '2026-11-28T15:00:00.000Z' },
        link: null,
        spouseEmail: 'luis@example.com',
      },
    );
    expect(screen.getByRole('status')).toHaveTextContent('Luis gave their consent on November 28, 2026');
    expect(screen.queryByLabelText(CREDIT_CONSENT_LABELS.spouse)).toBeNull();
    await tick(CREDIT_CONSENT_LABELS.borrower);
    await submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/eligible-debts'));
    expect(puts(calls)).toEqual([{ consentedToCreditPolicy: true }]);
  });

  it('emails the spouse a link, then waits for their consent (no Continue, no pull)', async () => {
    const awaiting: SpouseConsentStatusView = {
      status: 'awaiting',
      given: null,
      link: {
        sentTo: 'luis@example.com',
        sentAt: '2026-11-28T15:00:00.000Z',
        expiresAt: '2026-12-05T15:00:00.000Z',
      },
      spouseEmail: 'luis@example.com',
    };
    const { calls } = await renderPage(
      true,
      { status: 200, body: { next: '/eligible-debts' } },
      view(true),
      'en',
      NOT_ASKED,
      { 'POST /api/application/credit/spouse-consent/link': { status: 200, body: awaiting } },
    );
    await user.click(screen.getByLabelText('Email Luis a link'));
    expect(screen.queryByLabelText(CREDIT_CONSENT_LABELS.spouse)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
    await user.type(screen.getByLabelText('Spouse’s email address'), 'luis@example.com');
    await user.click(screen.getByRole('button', { name: 'Email the link' }));
    expect(await screen.findByText('Your spouse’s consent is awaited')).toBeInTheDocument();
    expect(screen.getByText(/We have just emailed a link to luis@example.com/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send the link again' })).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { email: 'luis@example.com' },
    ]);
    expect(puts(calls)).toEqual([]);
    // Or the spouse comes to the screen after all.
    await user.click(screen.getByLabelText('Luis is here with me'));
    expect(consent(CREDIT_CONSENT_LABELS.spouse)).toBeInTheDocument();
  });

  it('covers the page with “Verifying your debts...” while the credit pull runs', async () => {
    await renderPage(false, { status: 200, body: { next: '/eligible-debts' } });
    // The pull answers only when the test says so.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.put('/api/application/credit', async () => {
        await held;
        return HttpResponse.json({ next: '/eligible-debts' });
      }),
    );
    await tick(CREDIT_CONSENT_LABELS.borrower);
    await submit();
    const overlay = (await screen.findByText(VERIFYING_TEXT)).closest('[role="status"]');
    expect(overlay).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByRole('button', { name: /Continue/ })).toHaveAttribute('aria-busy', 'true');
    release();
    await waitFor(() => expect(screen.queryByText(VERIFYING_TEXT)).toBeNull());
  });

  it('stays busy after the pull answers until the next page is shown, and a second click sends nothing', async () => {
    const { calls, router } = await renderPage(false, { status: 200, body: { next: '/eligible-debts' } });
    // The application read again after the save answers only when the test says so (seconds on a slow phone).
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let reReads = 0;
    server.use(
      http.get('/api/application', async () => {
        reReads += 1;
        await held;
        return HttpResponse.json(view(false));
      }),
    );
    await tick(CREDIT_CONSENT_LABELS.borrower);
    await submit();
    await waitFor(() => expect(reReads).toBe(1));
    // The pull has answered; the page is still leaving, not idle.
    expect(puts(calls)).toEqual([{ consentedToCreditPolicy: true }]);
    const button = screen.getByRole('button', { name: /Continue/ });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByText(VERIFYING_TEXT)).toBeInTheDocument();
    await user.click(button);
    expect(puts(calls)).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/credit');
    release();
    await screen.findByText('elsewhere');
    expect(router.state.location.pathname).toBe('/eligible-debts');
    expect(puts(calls)).toHaveLength(1);
  });

  it('asks for the debts as soon as the pull answers, beside the application’s read again, and the next page shows that read', async () => {
    const calls = answerApi({
      'GET /api/session': BORROWER_SESSION_REPLY,
      'GET /api/application/credit/spouse-consent': { status: 200, body: NOT_ASKED },
      'PUT /api/application/credit': { status: 200, body: { next: '/eligible-debts' } },
      'GET /api/application/eligible-debts': { status: 200, body: { items: [DEBT] } },
      'PUT /api/application/viewed-page': { status: 204 },
    });
    // The application read again after the save answers only when the test says so (seconds on a slow phone).
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let reads = 0;
    server.use(
      http.get('/api/application', async () => {
        reads += 1;
        if (reads > 1) await held;
        return HttpResponse.json(reads > 1 ? { ...view(false), lastCompletedPage: 'Credit' } : view(false));
      }),
    );
    const app = renderRoutes(
      [
        { path: '/credit', Component: CreditPage },
        { path: '/eligible-debts', Component: EligibleDebtsPage },
      ],
      '/credit',
    );
    user = app.user;
    await screen.findByRole('heading', { level: 1, name: "Let's verify your debts" });
    await tick(CREDIT_CONSENT_LABELS.borrower);
    await submit();
    // The list is on its way while the application is still being read, before the next page is there.
    await waitFor(() => expect(lists(calls)).toBe(1));
    expect(reads).toBe(2);
    expect(app.router.state.location.pathname).toBe('/credit');
    release();
    expect(await screen.findByRole('list', { name: 'Eligible debts' })).toHaveTextContent('Capital One');
    // The page shows that read: it asked for none of its own.
    expect(lists(calls)).toBe(1);
  });

  it('asks for no list when the pull leads elsewhere', async () => {
    const { calls, router } = await renderPage(false, {
      status: 200,
      body: { next: '/offers/not-qualified' },
    });
    await tick(CREDIT_CONSENT_LABELS.borrower);
    await submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/offers/not-qualified'));
    expect(lists(calls)).toBe(0);
  });

  it('shows the server’s reason on a 409, then goes where the application stands', async () => {
    const message = 'Your application has moved past this step.';
    const { router } = await renderPage(false, {
      status: 409,
      body: { code: 'Conflict', message, redirect: '/offers/not-qualified' },
    });
    await tick(CREDIT_CONSENT_LABELS.borrower);
    await submit();
    expect(await screen.findByRole('dialog')).toHaveTextContent(message);
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/offers/not-qualified'));
  });

  it('shows the save failure on a 500 and stays', async () => {
    const { router } = await renderPage(false, {
      status: 500,
      body: { code: 'InternalError', message: 'x' },
    });
    await tick(CREDIT_CONSENT_LABELS.borrower);
    await submit();
    expect(await screen.findByRole('dialog')).toHaveTextContent(MESSAGES.saveFailed);
    expect(router.state.location.pathname).toBe('/credit');
  });

  describe('a borrower under 18', () => {
    /** A date of birth `years` years before today in the agency's calendar, plus `days`, as the form writes it. */
    const born = (years: number, days = 0) => {
      const today = agencyToday();
      const date = new Date(Date.UTC(today.year - years, today.month - 1, today.day + days));
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}-${date.getUTCFullYear()}`;
    };
    const withBirth = (dateOfBirth: string, spouseDateOfBirth?: string): ApplicationView => {
      const application = view(spouseDateOfBirth !== undefined);
      return {
        ...application,
        borrower: { ...application.borrower, dateOfBirth },
        spouse: application.spouse && { ...application.spouse, dateOfBirth: spouseDateOfBirth ?? null },
      };
    };
    const notice = () => screen.getByRole('region', { name: UNDER_CONTRACT_AGE_TEXTS.borrower.title });

    it('is told why and what they can do instead of being asked to consent, and nothing is sent', async () => {
      const { calls } = await renderPage(
        false,
        { status: 200, body: { next: '/eligible-debts' } },
        withBirth(born(18, 1)),
      );
      const region = notice();
      expect(region).toHaveTextContent('A Debt Management Plan is a contract');
      expect(region).toHaveTextContent('A person under 18 cannot sign a contract');
      expect(region).toHaveTextContent('A parent or guardian can apply');
      expect(region).toHaveTextContent(SITE.phone.display);
      expect(region).toHaveTextContent(SITE.hours);
      expect(screen.getByRole('link', { name: `Call ${SITE.phone.display}` })).toHaveAttribute(
        'href',
        `tel:${SITE.phone.tel}`,
      );
      expect(
        screen.getByRole('heading', { level: 2, name: UNDER_CONTRACT_AGE_TEXTS.borrower.title }),
      ).toHaveFocus();
      expect(screen.queryByLabelText(CREDIT_CONSENT_LABELS.borrower)).toBeNull();
      expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
      expect(puts(calls)).toEqual([]);
    });

    it('can go back to correct a mistyped date of birth', async () => {
      const { router } = await renderPage(
        false,
        { status: 200, body: { next: '/eligible-debts' } },
        withBirth(born(17)),
      );
      await user.click(screen.getByRole('link', { name: 'Correct the date of birth' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/household'));
    });

    it('is asked to consent at 18 today', async () => {
      await renderPage(false, { status: 200, body: { next: '/eligible-debts' } }, withBirth(born(18)));
      expect(consent(CREDIT_CONSENT_LABELS.borrower)).toBeInTheDocument();
      expect(screen.queryByRole('region', { name: UNDER_CONTRACT_AGE_TEXTS.borrower.title })).toBeNull();
    });

    it('shows the same explanation when the server refuses the pull (422), for the spouse named by it', async () => {
      const { router } = await renderPage(true, {
        status: 422,
        body: {
          code: 'UnderContractAge',
          message: MESSAGES.underContractAge,
          fieldErrors: { 'spouse.dateOfBirth': MESSAGES.underContractAge },
        },
      });
      await tick(CREDIT_CONSENT_LABELS.borrower);
      await tick(CREDIT_CONSENT_LABELS.spouse);
      await user.type(screen.getByLabelText('Spouse’s full name, typed by the spouse'), 'Luis Diaz');
      await submit();
      const heading = await screen.findByRole('heading', {
        level: 2,
        name: UNDER_CONTRACT_AGE_TEXTS.spouse.title,
      });
      await waitFor(() => expect(heading).toHaveFocus());
      expect(screen.getByRole('region', { name: UNDER_CONTRACT_AGE_TEXTS.spouse.title })).toHaveTextContent(
        'Apply on your own',
      );
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(router.state.location.pathname).toBe('/credit');
    });
  });
});

describe('/credit in Spanish', () => {
  it('explains the soft inquiry for both people and asks for both consents in Spanish', async () => {
    await renderPage(true, { status: 200, body: { next: '/eligible-debts' } }, view(true), 'es');
    expect(document.title).toContain('Verifiquemos sus deudas');
    expect(document.body).toHaveTextContent('necesitamos revisar su informe de crédito y el de su cónyuge.');
    expect(document.body).toHaveTextContent('no afecta su puntaje de crédito ni el de su cónyuge.');
    expect(
      screen.getByLabelText(/^Autorizo a Clearpath Debt Relief a obtener mi informe de crédito/),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/^Mi cónyuge autoriza a Clearpath Debt Relief/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(
      await screen.findAllByText('Se requiere su consentimiento para la consulta de crédito'),
    ).toHaveLength(2);
    expect(screen.getByText('Nombre completo: este dato es obligatorio')).toBeInTheDocument();
    expect(screen.getByLabelText('Enviar un enlace a Luis por correo electrónico')).toBeInTheDocument();
  });

  it('tells a borrower under 18 why and what they can do, in Spanish', async () => {
    const under18 = { ...view(false), borrower: { ...view(false).borrower, dateOfBirth: '01-01-2015' } };
    await renderPage(false, { status: 200, body: { next: '/eligible-debts' } }, under18, 'es');
    const region = screen.getByRole('region', { name: 'Debe tener 18 años para comenzar un plan' });
    expect(region).toHaveTextContent('Un plan de manejo de deudas es un contrato');
    expect(region).toHaveTextContent('Lunes a viernes, de 9 a. m. a 5 p. m. (hora del Este)');
    expect(screen.getByRole('heading', { level: 3, name: 'Lo que puede hacer' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: `Llamar al ${SITE.phone.display}` })).toHaveAttribute(
      'href',
      `tel:${SITE.phone.tel}`,
    );
  });

  it('words its English under-age texts exactly as the domain does', () => {
    const intl = createIntl({ locale: 'en-US', defaultLocale: 'en-US', messages: {} });
    expect(underContractAgeText(intl, 'borrower')).toEqual(UNDER_CONTRACT_AGE_TEXTS.borrower);
    expect(underContractAgeText(intl, 'spouse')).toEqual(UNDER_CONTRACT_AGE_TEXTS.spouse);
  });
});
