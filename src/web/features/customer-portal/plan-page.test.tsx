import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PlanView } from '#domain/enrollment/views';
import type { Language } from '#domain/i18n/language';
import { MESSAGES } from '#domain/validation/messages';
import { answerApi, type ApiCall } from '#web/test/api-mock';
import { renderRoutes } from '#web/test/render';
import { createIntl } from 'react-intl';
import {
  Component as PlanPage,
  formatApr,
  LETTER_PATH,
  PLAN_PATH,
  planFeesText,
  proposalLines,
} from './plan-page';

/** A change no creditor's counter-offer raised; the authorized plan's term and end are the terms'. */
const NO_REASON = { raisedBy: [], authorizedTermInMonths: 54, authorizedLastDraftDate: '2030-12-15' };

// Big Card ($180) and Small Card ($60) on the plan with the $20 fee two accounts allow: $260 drawn a month.
// Store Card declined: the borrower keeps paying it, about $25 a month; the letter authorized $285.
const PLAN: PlanView = {
  status: 'transfer',
  terms: {
    monthlyDraft: 26_000,
    creditorsMonthlyPayment: 24_000,
    monthlyFee: 2_000,
    setupFee: 3_500,
    setupFeeDate: '2026-07-15',
    draftDay: 15,
    termInMonths: 54,
    firstDraftDate: '2026-07-15',
    lastDraftDate: '2030-12-15',
    lastDraftAmount: 10_000,
    totalPaid: 53 * 26_000 + 10_000 + 3_500,
    totalFees: 54 * 2_000 + 3_500,
  },
  nextDraftDate: '2026-08-15',
  nextDraftAmount: 26_000,
  change: {
    authorizedMonthlyDraft: 28_500,
    appliesFrom: '2026-08-15',
    needsConfirmation: false,
    ...NO_REASON,
  },
  reauthorization: null,
  enrollment: {
    monthlyPaymentAmount: 26_000,
    pendingMonthlyPaymentAmount: null,
    firstPaymentDate: '2026-07-15',
    termInMonths: 54,
    projectedDebtFreeDate: '2030-12',
    dateSigned: '2026-06-01T14:00:00.000Z',
  },
  fees: { setupFee: 3_500, monthlyFee: 2_000 },
  creditors: [
    {
      id: 'c1',
      creditorName: 'Big Card',
      accountNumberLast4: '4321',
      balance: 900_000,
      status: 'accepted',
      currentMonthlyPayment: 25_400,
      newMonthlyPayment: 18_000,
      payDirectly: null,
      proposedApr: 800,
      term: 54,
      progress: null,
      proposal: {
        state: 'answered',
        preparedOn: '2026-06-02',
        sentOn: '2026-06-03',
        answeredOn: '2026-06-20',
        answer: 'countered',
        agreedPayment: 18_000,
      },
    },
    {
      id: 'c2',
      creditorName: 'Small Card',
      accountNumberLast4: null,
      balance: 300_000,
      status: 'proposed',
      currentMonthlyPayment: 8_500,
      newMonthlyPayment: 6_000,
      payDirectly: null,
      proposedApr: 975,
      term: 54,
      progress: null,
      proposal: {
        state: 'prepared',
        preparedOn: '2026-06-02',
        sentOn: null,
        answeredOn: null,
        answer: null,
        agreedPayment: null,
      },
    },
    {
      id: 'c3',
      creditorName: 'Store Card',
      accountNumberLast4: '9999',
      balance: 50_000,
      status: 'declined',
      currentMonthlyPayment: 2_500,
      newMonthlyPayment: 0,
      payDirectly: 2_500,
      proposedApr: null,
      term: null,
      progress: null,
      proposal: {
        state: 'answered',
        preparedOn: '2026-06-02',
        sentOn: '2026-06-04',
        answeredOn: '2026-06-22',
        answer: 'declined',
        agreedPayment: null,
      },
    },
  ],
  payoff: {
    actual: [],
    points: [
      { month: 0, plan: 1_200_000, current: 1_200_000 },
      { month: 27, plan: 600_000, current: 1_000_000 },
      { month: 54, plan: 0, current: 800_000 },
    ],
    planMonths: 54,
    currentMonths: 62,
    interestSaved: 804_000,
    fees: 54 * 2_000 + 3_500,
    netSaved: 804_000 - (54 * 2_000 + 3_500),
  },
  paymentAccount: { institutionName: 'First Platypus Bank', mask: '0000' },
  addenda: [],
  letter: { signedOn: '2026-06-01', available: true },
};

afterEach(() => {
  vi.restoreAllMocks();
});

let plan: PlanView | { status: number; body: unknown };

async function renderPage(first: typeof plan, language: Language = 'en') {
  plan = first;
  const calls: ApiCall[] = answerApi({
    [`GET ${PLAN_PATH}`]: () =>
      'creditors' in plan ? { status: 200, body: plan } : (plan as { status: number; body: unknown }),
  });
  const app = renderRoutes(
    [
      { path: '/customer-portal/plan', Component: PlanPage },
      { path: '*', Component: () => <p>elsewhere</p> },
    ],
    '/customer-portal/plan',
    undefined,
    language,
  );
  await waitFor(() =>
    expect(
      document.querySelector('h1') ?? app.router.state.location.pathname !== '/customer-portal/plan',
    ).toBeTruthy(),
  );
  return { calls, router: app.router, user: app.user };
}

/** The summary's tiles (the list holding the amount drawn), never the confirmation step's list. */
const tilesList = () => document.querySelector('[data-testid="monthly-draft"]')?.closest('dl');
const tiles = () =>
  tilesList()
    ? [...tilesList()!.querySelectorAll('dt')].map((dt) => [
        dt.textContent,
        dt.nextElementSibling?.textContent,
      ])
    : [];
const tableRows = () =>
  [...document.querySelectorAll('table tbody tr')].map((tr) =>
    [...tr.children].map((cell) => cell.textContent),
  );

describe('/customer-portal/plan', () => {
  it('shows the plan tiles, each creditor’s answer, the payoff summary, account and letter', async () => {
    await renderPage(PLAN);
    expect(document.querySelector('h1')?.textContent).toBe('My plan');
    expect(tiles()).toEqual([
      ['Amount drawn each month', '$260'],
      ['Next draft', 'August 15, 2026'],
      ['Term', '54 months'],
      ['Projected debt-free date', 'December 2030'],
    ]);
    expect(tableRows()).toEqual([
      [
        'Big Card ••4321',
        '$9,000',
        '$180',
        '8.0%',
        '54 months',
        'AcceptedProposal sent on June 3, 2026' +
          'Answered on June 20, 2026: asked for $180 a month instead, which your plan pays',
      ],
      ['Small Card', '$3,000', '$60', '9.8%', '54 months', 'ProposedProposal prepared on June 2, 2026'],
      [
        'Store Card ••9999',
        '$500',
        '—',
        '—',
        '—',
        'DeclinedPay Store Card yourself: about $25 a month.Proposal sent on June 4, 2026' +
          'Answered on June 22, 2026: declined',
      ],
    ]);
    // The phone's cards carry the same creditors.
    expect(
      [...document.querySelectorAll('ul.md\\:hidden > li')].map((li) => li.firstElementChild?.textContent),
    ).toEqual(['Big Card ••4321Accepted', 'Small CardProposed', 'Store Card ••9999Declined']);
    const text = document.body.textContent;
    // The change, in plain words: the new amount, from which draft, and who is paid directly.
    expect(screen.getByRole('status')).toHaveTextContent(
      'Your monthly draft changes from $285 to $260, from the draft on August 15, 2026.' +
        'Store Card is not on your plan, so you keep paying it yourself (see below).',
    );
    expect(text).toContain(
      'Debt-free in 54 months on the plan, 62 months at current minimum payments. Interest saved $8,040, ' +
        'less the plan’s fees of $1,115: $6,925 saved in all.',
    );
    expect(text).toContain('First Platypus Bank ••0000');
    // What each draft is made of, beside the amount.
    expect(text).toContain(
      "Of each draft, $240 goes to your creditors and $20 is the agency's monthly fee. A one-time set-up fee " +
        "of $35 is drawn with your first draft on July 15, 2026. Fees are never more than your state's law allows.",
    );
    expect(document.querySelector(`a[href="${LETTER_PATH}"]`)?.textContent).toBe(
      'Download your signed Letter of Authorization',
    );
    // The chart arrives in its own chunk, hidden from screen readers (the sentence above is its text).
    await waitFor(() =>
      expect(
        document.querySelector('section[aria-labelledby="plan-payoff"] [aria-hidden="true"]')?.textContent,
      ).toContain('At current minimum payments'),
    );
  });

  it('says so when the plan’s fees are more than the interest it saves', async () => {
    await renderPage({
      ...PLAN,
      payoff: { ...PLAN.payoff, interestSaved: 50_000, fees: 111_500, netSaved: -61_500 },
    });
    expect(document.body.textContent).toContain(
      'Debt-free in 54 months on the plan, 62 months at current minimum payments. Interest saved $500, but ' +
        'the plan’s fees are $1,115: the plan costs $615 more in all.',
    );
  });

  it('shows the amount of the next draft beside its date: the authorized one until the change applies', async () => {
    await renderPage({
      ...PLAN,
      nextDraftDate: '2026-08-15',
      nextDraftAmount: 28_500,
      change: {
        authorizedMonthlyDraft: 28_500,
        appliesFrom: '2026-09-15',
        needsConfirmation: false,
        ...NO_REASON,
      },
    });
    expect(tiles().slice(0, 2)).toEqual([
      ['Amount drawn each month', '$285'],
      ['Next draft', 'August 15, 2026'],
    ]);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Your monthly draft changes from $285 to $260, from the draft on September 15, 2026.',
    );
    // The split is the new amount's, so it says from which draft it holds.
    expect(
      screen.getByText(/^From the draft on September 15, 2026: Of each draft, \$240 goes to your creditors/),
    ).toBeVisible();
  });

  it('words the plan as proposed until it is set up', async () => {
    await renderPage({
      ...PLAN,
      status: 'counselorReview',
      enrollment: null,
      letter: null,
      paymentAccount: null,
    });
    expect(document.body.textContent).toContain('These figures are proposed');
    expect(tiles()[0]).toEqual(['Amount drawn each month', '$260']);
    expect(document.querySelector(`a[href="${LETTER_PATH}"]`)).toBeNull();
    expect(document.body.textContent).toContain('Not set up yet.');
  });

  it('goes where the application stands when the borrower has not signed', async () => {
    const { router } = await renderPage({
      status: 409,
      body: { code: 'Conflict', message: 'Not signed', redirect: '/submitted' },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/submitted'));
  });

  it('offers a retry when the plan cannot be read', async () => {
    const { user } = await renderPage({ status: 500, body: { code: 'InternalError' } });
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.applicationLoadFailed);
    plan = PLAN;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(tiles()[0]).toEqual(['Amount drawn each month', '$260']));
  });

  it('asks for a confirmation before a higher amount is drawn', async () => {
    await renderPage({
      ...PLAN,
      change: {
        authorizedMonthlyDraft: 24_000,
        appliesFrom: '2026-08-15',
        needsConfirmation: true,
        ...NO_REASON,
      },
    });
    expect(screen.getByRole('status')).toHaveTextContent(
      'This is more than you authorized, so we will not draw it until you confirm the new terms',
    );
  });

  it('names the counter-offer that raised the amount, not a creditor the borrower left out', async () => {
    await renderPage({
      ...PLAN,
      nextDraftAmount: 24_000,
      change: {
        authorizedMonthlyDraft: 24_000,
        appliesFrom: '2026-08-15',
        needsConfirmation: true,
        raisedBy: ['Big Card'],
        authorizedTermInMonths: 60,
        authorizedLastDraftDate: '2031-06-15',
      },
      // Store Card was left out by the borrower when they chose their plan: not the reason for anything now.
      creditors: PLAN.creditors.map((c) =>
        c.status === 'declined' ? { ...c, status: 'leftOut' as const } : c,
      ),
    });
    const why = screen.getAllByRole('status')[0]!;
    expect(why).toHaveTextContent(
      'Big Card’s counter-offer raised your plan’s monthly draft: it now needs $260 a month instead of the $240 you authorized.',
    );
    expect(why).not.toHaveTextContent('Store Card');
    // Every tile is the authorized plan's until the borrower confirms.
    expect(tiles()).toEqual([
      ['Amount drawn each month', '$240'],
      ['Next draft', 'August 15, 2026'],
      ['Term', '60 months'],
      ['Projected debt-free date', 'June 2031'],
    ]);
  });

  it('lists each addendum the borrower confirmed with its download', async () => {
    await renderPage({
      ...PLAN,
      change: null,
      addenda: [
        { id: 'a1', confirmedOn: '2026-08-01', monthlyDraft: 27_000 },
        { id: 'a2', confirmedOn: '2026-10-02', monthlyDraft: 28_000 },
      ],
    });
    const letter = screen.getByRole('region', { name: 'Letter of Authorization' });
    expect(letter).toHaveTextContent('Addendum confirmed on August 1, 2026: $270 a month');
    expect([...letter.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Download your signed Letter of Authorization', LETTER_PATH],
      ['Download the addendum of August 1, 2026', '/api/customer-portal/addenda/a1'],
      ['Download the addendum of October 2, 2026', '/api/customer-portal/addenda/a2'],
    ]);
  });

  it.each([
    [
      { setupFee: 0, monthlyFee: 0 },
      'Each draft goes to your creditors in full; the plan has no monthly fee.',
    ],
    [
      { setupFee: 0, monthlyFee: 1_000 },
      "Of each draft, $240 goes to your creditors and $10 is the agency's",
    ],
    [
      { setupFee: 5_000, monthlyFee: 0 },
      'A one-time set-up fee of $50 is drawn with your first draft on July 15',
    ],
  ])('words the fees %j', (fees, words) => {
    expect(planFeesText({ ...fees, creditorsMonthlyPayment: 24_000, setupFeeDate: '2026-07-15' })).toContain(
      words,
    );
  });

  it('formats rates', () => {
    expect([formatApr(800), formatApr(1999), formatApr(0)]).toEqual(['8.0%', '20.0%', '0.0%']);
  });

  const base = {
    preparedOn: '2026-06-02',
    sentOn: '2026-06-03',
    answeredOn: null,
    answer: null,
    agreedPayment: null,
  } as const;
  it.each([
    [null, []],
    [{ ...base, state: 'sent' }, ['Proposal sent on June 3, 2026']],
    [
      { ...base, state: 'noAnswer' },
      ['Proposal sent on June 3, 2026', 'No answer yet: we are following up with this creditor'],
    ],
    [
      { ...base, state: 'noAnswer', answer: 'accepted', agreedPayment: 12_345 },
      [
        'Proposal sent on June 3, 2026',
        'No answer yet: we applied the terms this creditor usually accepts, $123 a month, while we follow up',
      ],
    ],
    [
      { ...base, state: 'noAnswer', answer: 'declined' },
      [
        'Proposal sent on June 3, 2026',
        'No answer yet: this creditor usually declines plans like yours, so it is not in your plan while we follow up',
      ],
    ],
    [{ ...base, state: 'withdrawn', sentOn: null }, []],
    [
      { ...base, state: 'answered', answeredOn: '2026-06-10', answer: 'accepted', agreedPayment: 12_345 },
      ['Proposal sent on June 3, 2026', 'Answered on June 10, 2026: accepted, at $123 a month'],
    ],
    [
      { ...base, state: 'answered', answeredOn: '2026-06-10', answer: 'countered', agreedPayment: null },
      ['Proposal sent on June 3, 2026', 'Answered on June 10, 2026: accepted with a different rate'],
    ],
  ] as const)('words the proposal %j', (proposal, lines) => {
    const intl = createIntl({ locale: 'en-US', defaultLocale: 'en-US' });
    expect(proposalLines(proposal, intl)).toEqual(lines);
  });
});

describe('/customer-portal/plan in Spanish', () => {
  it('lists the creditors paid directly with "y", in Spanish', async () => {
    const twoDirect = {
      ...PLAN,
      // Both declined by their creditor: the borrower now pays them directly.
      creditors: PLAN.creditors.map((c) =>
        c.id === 'c2' ? { ...c, payDirectly: 8_500, status: 'declined' as const } : c,
      ),
    };
    await renderPage(twoDirect, 'es');
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Small Card y Store Card no están en su plan, así que usted les sigue pagando directamente',
    );
  });

  it('shows the tiles, the creditors, the change, the fees and the payoff in Spanish', async () => {
    await renderPage(PLAN, 'es');
    expect(document.querySelector('h1')?.textContent).toBe('Mi plan');
    expect(document.title).toContain('Mi plan');
    expect(tiles()).toEqual([
      ['Monto que se cobra cada mes', '$260'],
      ['Próximo cargo', '15 de agosto de 2026'],
      ['Plazo', '54 meses'],
      ['Fecha prevista para quedar libre de deudas', 'diciembre de 2030'],
    ]);
    expect([...document.querySelectorAll('table thead th')].map((th) => th.textContent)).toEqual([
      'Acreedor',
      'Saldo',
      'Nuevo pago mensual',
      'APR',
      'Plazo',
      'Estado',
    ]);
    expect(tableRows()[2]).toEqual([
      'Store Card ••9999',
      '$500',
      '—',
      '—',
      '—',
      'RechazadoPague usted directamente a Store Card: unos $25 al mes.Propuesta enviada el 4 de junio de 2026' +
        'Respondió el 22 de junio de 2026: rechazó la propuesta',
    ]);
    expect(tableRows()[0]?.[5]).toBe(
      'AceptadoPropuesta enviada el 3 de junio de 2026' +
        'Respondió el 20 de junio de 2026: pidió $180 al mes en su lugar, que es lo que paga su plan',
    );
    expect(screen.getByRole('heading', { name: 'Sus acreedores' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Su cargo mensual cambia de $285 a $260 a partir del cargo del 15 de agosto de 2026.' +
        'Store Card no está en su plan, así que usted le sigue pagando directamente (vea más abajo).',
    );
    const text = document.body.textContent;
    expect(text).toContain(
      'De cada cargo, $240 van a sus acreedores y $20 son la tarifa mensual de la agencia. Con su primer ' +
        'cargo, el 15 de julio de 2026, se cobra una tarifa de inscripción única de $35. Las tarifas nunca ' +
        'superan lo que permite la ley de su estado.',
    );
    expect(text).toContain(
      'Libre de deudas en 54 meses con el plan, o en 62 meses con los pagos mínimos actuales. Ahorro en ' +
        'intereses: $8,040, menos las tarifas del plan de $1,115: $6,925 de ahorro en total.',
    );
    expect(text).toContain('Firmada el 1 de junio de 2026');
    expect(
      screen.getByRole('link', { name: 'Descargue su carta de autorización firmada' }),
    ).toBeInTheDocument();
    expect(text).toContain('¿Tiene preguntas sobre su plan? Llame al');
    await waitFor(() =>
      expect(
        document.querySelector('section[aria-labelledby="plan-payoff"] [aria-hidden="true"]')?.textContent,
      ).toContain('Con los pagos mínimos actuales'),
    );
  });

  it('says what was applied for a creditor that did not answer, in Spanish and English, with the table’s figure', async () => {
    const silent = (creditor: PlanView['creditors'][number], answer: 'accepted' | 'declined') => ({
      ...creditor,
      status: answer,
      proposal: { ...creditor.proposal!, state: 'noAnswer' as const, answer, answeredOn: null },
    });
    const quiet: PlanView = {
      ...PLAN,
      creditors: [
        PLAN.creditors[0]!,
        {
          ...silent(PLAN.creditors[1]!, 'accepted'),
          proposal: { ...silent(PLAN.creditors[1]!, 'accepted').proposal, agreedPayment: 6_000 },
        },
        silent(PLAN.creditors[2]!, 'declined'),
      ],
    };
    await renderPage(quiet, 'es');
    const lines = () =>
      [...document.querySelectorAll('[data-testid="proposal-lines"] li')].map((li) => li.textContent);
    expect(lines()).toContain(
      'Todavía sin respuesta: aplicamos los términos que este acreedor suele aceptar, $60 al mes, mientras le damos seguimiento',
    );
    expect(lines()).toContain(
      'Todavía sin respuesta: este acreedor suele rechazar planes como el suyo, así que no está en su plan mientras le damos seguimiento',
    );
    // The amount is the plan's payment to that creditor, as the table shows it.
    expect(tableRows().find((row) => row[0]?.startsWith('Small Card'))).toContain('$60');
    cleanup();
    await renderPage(quiet, 'en');
    expect(lines()).toContain(
      'No answer yet: we applied the terms this creditor usually accepts, $60 a month, while we follow up',
    );
  });

  it('words a proposed plan in Spanish', async () => {
    await renderPage(
      {
        ...PLAN,
        status: 'counselorReview',
        enrollment: null,
        letter: null,
        paymentAccount: null,
        change: null,
      },
      'es',
    );
    expect(screen.getByRole('heading', { name: 'Su plan propuesto' })).toBeInTheDocument();
    const text = document.body.textContent;
    expect(text).toContain('Un consejero de crédito está revisando su solicitud.');
    expect(text).toContain('Estas cifras son una propuesta');
    expect(text).toContain('Todavía no está configurada.');
    expect(text).toContain('Su carta firmada estará disponible aquí en cuanto esté lista.');
  });

  describe('after the hand-over: what each creditor has been paid', () => {
    const [big, small, store] = PLAN.creditors;
    const PAID: PlanView = {
      ...PLAN,
      status: 'transferred',
      creditors: [
        {
          ...big!,
          progress: {
            paidSoFar: 36_000,
            onTheWay: 18_000,
            lastReported: { balance: 864_000, asOf: '2026-09-30' },
            monthsLeft: 50,
          },
        },
        { ...small!, progress: { paidSoFar: 0, onTheWay: 0, lastReported: null, monthsLeft: 54 } },
        { ...store!, progress: null },
      ],
      payoff: {
        ...PLAN.payoff,
        actual: [
          { month: 0, actual: 1_200_000 },
          { month: 1, actual: 1_180_000 },
        ],
      },
    };
    const cards = () =>
      screen
        .getAllByTestId('paid-so-far')
        .map((card) =>
          [...card.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
        );

    it('states paid so far, sent and not posted, the last reported balance and the months left', async () => {
      await renderPage(PAID);
      expect(screen.getByRole('heading', { level: 2, name: 'Paid through your plan' })).toBeInTheDocument();
      expect(screen.getAllByTestId('paid-so-far').map((c) => c.querySelector('p')?.textContent)).toEqual([
        'Big Card ••4321',
        'Small Card',
      ]);
      expect(cards()).toEqual([
        [
          ['Paid so far', '$360'],
          ['Sent, not yet posted', '$180'],
          ['Balance last reported', '$8,640 on September 30, 2026'],
          ['Months left', '50 months'],
        ],
        [
          ['Paid so far', '$0'],
          ['Balance last reported', 'Not reported yet'],
          ['Months left', '54 months'],
        ],
      ]);
    });

    it('says a creditor reported paid off is paid off', async () => {
      await renderPage({
        ...PAID,
        creditors: [
          {
            ...big!,
            progress: {
              paidSoFar: 900_000,
              onTheWay: 0,
              lastReported: { balance: 0, asOf: '2030-12-31' },
              monthsLeft: 0,
            },
          },
        ],
      });
      expect(cards()[0]).toContainEqual(['Months left', 'Paid off']);
    });

    it('is not shown before the plan is handed over', async () => {
      await renderPage({ ...PAID, enrollment: null });
      expect(screen.queryByRole('heading', { name: 'Paid through your plan' })).toBeNull();
    });

    it('reads in Spanish', async () => {
      await renderPage(PAID, 'es');
      expect(screen.getByRole('heading', { level: 2, name: 'Pagado con su plan' })).toBeInTheDocument();
      expect(cards()[0]).toEqual([
        ['Pagado hasta ahora', '$360'],
        ['Enviado, aún no acreditado', '$180'],
        ['Último saldo informado', '$8,640 el 30 de septiembre de 2026'],
        ['Meses restantes', '50 meses'],
      ]);
      expect(cards()[1]).toContainEqual(['Último saldo informado', 'Todavía no informado']);
    });
  });
});
