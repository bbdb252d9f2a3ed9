import type { UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Link } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { EligibleItemView } from '#domain/flow/application-view';
import { SITE } from '#domain/site';
import { MESSAGES } from '#domain/validation/messages';
import { screen, waitFor } from '@testing-library/react';
import { answerApi, type ApiReply, server } from '#web/test/api-mock';
import { renderRoutes } from '#web/test/render';
import { BORROWER_SESSION_REPLY } from '#web/test/sessions';
import { prefetchEligibleDebts } from './api';
import type { ApplicationView } from './application-query';
import { Component as EligibleDebtsPage, LOADING_DEBTS_TEXT, NONE_FOUND_TEXT } from './eligible-debts-page';

const application = {
  id: 'app-1',
  status: 'inProgress',
  lastCompletedPage: 'Credit',
  lastViewedPage: 'EligibleDebts',
} as const satisfies Partial<ApplicationView>;

const CARD = '11111111-1111-4111-8111-111111111111';
const COLLECTION = '22222222-2222-4222-8222-222222222222';
const LOAN = '33333333-3333-4333-8333-333333333333';

const items: EligibleItemView[] = [
  {
    id: CARD,
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
  },
  {
    id: COLLECTION,
    kind: 'collection',
    creditorName: 'Midland Credit Management',
    originalCreditorName: 'Synchrony Bank',
    accountType: 'AG',
    accountTypeName: 'Collection agency',
    accountNumberLast4: '9876',
    currentBalance: 215000,
    estimatedMonthlyPayment: 6074,
    selectedForDebtReduction: true,
    owner: 'borrower',
    isSelfReported: false,
  },
  {
    id: LOAN,
    kind: 'debt',
    creditorName: 'Discover',
    originalCreditorName: null,
    accountType: null,
    accountTypeName: null,
    accountNumberLast4: null,
    currentBalance: 40000,
    estimatedMonthlyPayment: 2500,
    selectedForDebtReduction: false,
    owner: 'joint',
    isSelfReported: false,
  },
];

type Reply = ApiReply;

async function renderPage(
  list: Reply,
  put: Reply = { status: 200, body: { next: '/income/provide-monthly-income' } },
  more: Record<string, Reply> = {},
  language: 'en' | 'es' = 'en',
) {
  const calls = answerApi({
    'GET /api/session': BORROWER_SESSION_REPLY,
    'GET /api/application': { status: 200, body: application },
    'GET /api/application/eligible-debts': list,
    'PUT /api/application/eligible-debts': put,
    ...more,
  });
  const { router, user } = renderRoutes(
    [
      { path: '/eligible-debts', Component: EligibleDebtsPage },
      { path: '*', Component: () => <p>elsewhere</p> },
    ],
    '/eligible-debts',
    undefined,
    language,
  );
  await waitFor(() => expect(document.querySelector('h1, [role="alert"]')).not.toBeNull());
  return { calls, router, user };
}

const checkbox = (name: string) => {
  const found = [...document.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')].find((input) =>
    (input.getAttribute('aria-labelledby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent)
      .join(' ')
      .startsWith(name),
  );
  if (!found) throw new Error(`no checkbox for ${name}`);
  return found;
};
const summary = () =>
  [...document.querySelectorAll('dl[aria-label="Selected debts"] dd')].map((dd) => dd.textContent);
const submit = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Continue' }));
const puts = (calls: { method: string; body: unknown }[]) =>
  calls.filter((c) => c.method === 'PUT').map((c) => c.body);

describe('/eligible-debts', () => {
  it('lists each debt and collection with its details, selected as saved, and the selected total', async () => {
    await renderPage({ status: 200, body: { items } });
    await screen.findByRole('list', { name: 'Eligible debts' });
    const tiles = [...document.querySelectorAll('ul[aria-label="Eligible debts"] > li')].map(
      (li) => li.textContent,
    );
    expect(tiles[0]).toContain('Capital One ...1234');
    // Plain words, never the bureau's code.
    expect(tiles[0]).toContain('Credit card');
    expect(tiles[1]).toContain('Collection agency');
    expect(tiles[0]).toContain('$8,500');
    expect(tiles[0]).toContain('$240');
    expect(tiles[1]).toContain('Midland Credit Management ...9876');
    expect(tiles[1]).toContain('Original creditor: Synchrony Bank');
    expect(tiles[2]).not.toContain('...');
    expect(
      [CARD, COLLECTION, LOAN].map(
        (id) => (document.getElementById(`debt-${id}`) as HTMLInputElement).checked,
      ),
    ).toEqual([true, true, false]);
    expect(checkbox('Capital One ...1234 Include in my plan').checked).toBe(true);
    expect(screen.getAllByText('Include in my plan')).toHaveLength(3);
    expect(summary()).toEqual(['$10,650', '$301']);
  });

  it('saves the ids kept selected and goes where the server says', async () => {
    const { calls, router, user } = await renderPage({ status: 200, body: { items } });
    await screen.findByRole('list', { name: 'Eligible debts' });
    await user.click(checkbox('Capital One'));
    await user.click(checkbox('Discover'));
    expect(summary()).toEqual(['$2,550', '$86']);
    await submit(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/income/provide-monthly-income'));
    expect(puts(calls)).toEqual([{ selectedIds: [COLLECTION, LOAN] }]);
  });

  it('says when no eligible debt was found, what that means and what the borrower can do, and still lets the borrower continue', async () => {
    const { calls, router, user } = await renderPage(
      { status: 200, body: { items: [] } },
      { status: 200, body: { next: '/offers/not-qualified' } },
    );
    const none = await screen.findByRole('region', { name: NONE_FOUND_TEXT });
    expect(none).toHaveTextContent('A Debt Management Plan covers unsecured debts');
    expect(none).toHaveTextContent('add it with “A debt is missing?” below');
    expect(none).toHaveTextContent(SITE.hours);
    expect(none).toHaveTextContent(
      'If you select Continue without adding a debt, your application ends here',
    );
    expect(screen.getByRole('link', { name: SITE.phone.display })).toHaveAttribute(
      'href',
      `tel:${SITE.phone.tel}`,
    );
    // The way to add what the report missed is right there, and nothing pretends to be a list.
    expect(screen.getByRole('button', { name: 'A debt is missing?' })).toBeVisible();
    expect(screen.queryByRole('list', { name: 'Eligible debts' })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
    await submit(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/offers/not-qualified'));
    expect(puts(calls)).toEqual([{ selectedIds: [] }]);
  });

  it('shows the loading state, never an empty list, until the debts arrive', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    answerApi({
      'GET /api/session': BORROWER_SESSION_REPLY,
      'GET /api/application': { status: 200, body: application },
    });
    server.use(
      http.get('/api/application/eligible-debts', async () => {
        await answered;
        return HttpResponse.json({ items });
      }),
    );
    renderRoutes([{ path: '/eligible-debts', Component: EligibleDebtsPage }], '/eligible-debts');
    expect(await screen.findByText(LOADING_DEBTS_TEXT)).toBeInTheDocument();
    // Held a while: still loading, and nothing says there is nothing to choose, nor offers to go on.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.getByText(LOADING_DEBTS_TEXT)).toBeInTheDocument();
    expect(screen.queryByText(NONE_FOUND_TEXT)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
    answer();
    const list = await screen.findByRole('list', { name: 'Eligible debts' });
    expect(list.querySelectorAll('li')).toHaveLength(3);
    expect(screen.queryByText(LOADING_DEBTS_TEXT)).toBeNull();
    expect(screen.queryByText(NONE_FOUND_TEXT)).toBeNull();
  });

  it('never shows a list read before the borrower arrived: coming back, it waits for a new one', async () => {
    // The first read answers empty, as one made before the credit pull finished would.
    let reads = 0;
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    answerApi({
      'GET /api/session': BORROWER_SESSION_REPLY,
      'GET /api/application': { status: 200, body: application },
    });
    server.use(
      http.get('/api/application/eligible-debts', async () => {
        reads += 1;
        if (reads === 1) return HttpResponse.json({ items: [] });
        await answered;
        return HttpResponse.json({ items });
      }),
    );
    const { router, user } = renderRoutes(
      [
        { path: '/eligible-debts', Component: EligibleDebtsPage },
        { path: '/credit', Component: () => <Link to="/eligible-debts">Back to the debts</Link> },
      ],
      '/eligible-debts',
    );
    expect(await screen.findByText(NONE_FOUND_TEXT)).toBeInTheDocument();
    // Away and back, as through the credit page: the earlier visit's empty answer is not shown again.
    await router.navigate('/credit');
    await user.click(await screen.findByRole('link', { name: 'Back to the debts' }));
    expect(await screen.findByText(LOADING_DEBTS_TEXT)).toBeInTheDocument();
    expect(screen.queryByText(NONE_FOUND_TEXT)).toBeNull();
    answer();
    expect(await screen.findByRole('list', { name: 'Eligible debts' })).toBeInTheDocument();
    expect(screen.queryByText(NONE_FOUND_TEXT)).toBeNull();
    expect(reads).toBe(2);
  });

  it('offers a retry when the list cannot be read', async () => {
    await renderPage({ status: 500, body: { code: 'InternalError', message: 'x' } });
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.applicationLoadFailed);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('takes a list cut short (a 200 whose body is not the whole list) as a failed read, and offers to try again', async () => {
    // The body stops part way, as a connection lost mid-answer leaves it: the server logged a plain 200.
    const bodies = ['{"items":[', '{}', JSON.stringify({ items })];
    let reads = 0;
    answerApi({
      'GET /api/session': BORROWER_SESSION_REPLY,
      'GET /api/application': { status: 200, body: application },
    });
    server.use(
      http.get(
        '/api/application/eligible-debts',
        () =>
          new HttpResponse(bodies[reads++], { status: 200, headers: { 'content-type': 'application/json' } }),
      ),
    );
    const { user } = renderRoutes(
      [{ path: '/eligible-debts', Component: EligibleDebtsPage }],
      '/eligible-debts',
    );
    // Never an empty list, nor the page that only reloading leaves: the connection's message and a retry.
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.networkError);
    expect(screen.queryByText(NONE_FOUND_TEXT)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    // Whole JSON without the list is no better.
    await waitFor(() => expect(reads).toBe(2));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.networkError);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    const list = await screen.findByRole('list', { name: 'Eligible debts' });
    expect(list.querySelectorAll('li')).toHaveLength(3);
  });

  it('shows the list the credit save started reading, and reads again when the borrower comes back to it', async () => {
    let reads = 0;
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    answerApi({
      'GET /api/session': BORROWER_SESSION_REPLY,
      'GET /api/application': { status: 200, body: application },
    });
    server.use(
      http.get('/api/application/eligible-debts', async () => {
        reads += 1;
        if (reads === 2) await answered;
        return HttpResponse.json({ items: reads === 1 ? items : items.slice(0, 2) });
      }),
    );
    const { router, queryClient } = renderRoutes(
      [
        { path: '/eligible-debts', Component: EligibleDebtsPage },
        { path: '/credit', Component: () => <p>the credit page</p> },
      ],
      '/credit',
    );
    await screen.findByText('the credit page');
    // As the credit save does once the pull answered: the read starts before the page is there.
    const state = prefetchEligibleDebts(queryClient);
    await waitFor(() => expect(reads).toBe(1));
    await router.navigate('/eligible-debts', { state });
    expect((await screen.findByRole('list', { name: 'Eligible debts' })).querySelectorAll('li')).toHaveLength(
      3,
    );
    expect(reads).toBe(1);
    // Away and back to the same entry (the browser's Back): that read was handed once, a new one is waited for.
    await router.navigate('/credit');
    await screen.findByText('the credit page');
    await router.navigate(-1);
    expect(await screen.findByText(LOADING_DEBTS_TEXT)).toBeInTheDocument();
    expect(router.state.location.state).toEqual(state);
    answer();
    await waitFor(() =>
      expect(screen.getByRole('list', { name: 'Eligible debts' }).querySelectorAll('li')).toHaveLength(2),
    );
    expect(reads).toBe(2);
  });

  describe('a selection saved before', () => {
    // The income page's answers saved too: this page was completed with the saved selection.
    const completed = {
      'GET /api/application': {
        status: 200,
        body: { ...application, lastCompletedPage: 'ProvideMonthlyIncome' },
      },
    } satisfies Record<string, Reply>;

    it('goes on to the income without saving again when no tick changed', async () => {
      const { calls, router, user } = await renderPage(
        { status: 200, body: { items } },
        undefined,
        completed,
      );
      await screen.findByRole('list', { name: 'Eligible debts' });
      // Changed and changed back is unchanged too.
      await user.click(checkbox('Discover'));
      await user.click(checkbox('Discover'));
      await submit(user);
      await waitFor(() => expect(router.state.location.pathname).toBe('/income/provide-monthly-income'));
      expect(puts(calls)).toEqual([]);
    });

    it('is saved again once a tick changed', async () => {
      const { calls, router, user } = await renderPage(
        { status: 200, body: { items } },
        undefined,
        completed,
      );
      await screen.findByRole('list', { name: 'Eligible debts' });
      await user.click(checkbox('Discover'));
      await submit(user);
      await waitFor(() => expect(router.state.location.pathname).toBe('/income/provide-monthly-income'));
      expect(puts(calls)).toEqual([{ selectedIds: [CARD, COLLECTION, LOAN] }]);
    });

    it('is sent, unchanged as it is, while the page was never completed', async () => {
      const { calls, router, user } = await renderPage({ status: 200, body: { items } });
      await screen.findByRole('list', { name: 'Eligible debts' });
      await submit(user);
      await waitFor(() => expect(router.state.location.pathname).toBe('/income/provide-monthly-income'));
      expect(puts(calls)).toEqual([{ selectedIds: [CARD, COLLECTION] }]);
    });

    it('is sent when nothing is kept: that ends the application, which only the server does', async () => {
      const none = items.map((item) => ({ ...item, selectedForDebtReduction: false }));
      const { calls, router, user } = await renderPage(
        { status: 200, body: { items: none } },
        { status: 200, body: { next: '/offers/not-qualified' } },
        completed,
      );
      await screen.findByRole('list', { name: 'Eligible debts' });
      await submit(user);
      await user.click(await screen.findByRole('button', { name: 'End my application' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/offers/not-qualified'));
      expect(puts(calls)).toEqual([{ selectedIds: [] }]);
    });
  });

  it('shows the save failure and stays', async () => {
    const { router, user } = await renderPage({ status: 200, body: { items } }, { status: 500, body: {} });
    await screen.findByRole('list', { name: 'Eligible debts' });
    await submit(user);
    expect(await screen.findByRole('dialog')).toHaveTextContent(MESSAGES.saveFailed);
    expect(router.state.location.pathname).toBe('/eligible-debts');
  });

  it('asks before Continue ends the application with every debt unticked: Cancel keeps the borrower here', async () => {
    const { calls, router, user } = await renderPage({ status: 200, body: { items } });
    await screen.findByRole('list', { name: 'Eligible debts' });
    await user.click(checkbox('Capital One'));
    await user.click(checkbox('Midland'));
    await submit(user);
    const dialog = await screen.findByRole('alertdialog', { name: 'End your application?' });
    expect(dialog).toHaveTextContent('your application ends here');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(puts(calls)).toEqual([]);
    expect(router.state.location.pathname).toBe('/eligible-debts');
    // Focus is back on Continue, and ticking a debt again continues without asking.
    expect(screen.getByRole('button', { name: 'Continue' })).toHaveFocus();
    await user.click(checkbox('Discover'));
    await submit(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/income/provide-monthly-income'));
    expect(puts(calls)).toEqual([{ selectedIds: [LOAN] }]);
  });

  it('ends the application once the borrower confirms', async () => {
    const { calls, router, user } = await renderPage(
      { status: 200, body: { items: items.map((i) => ({ ...i, selectedForDebtReduction: false })) } },
      { status: 200, body: { next: '/offers/not-qualified' } },
    );
    await screen.findByRole('list', { name: 'Eligible debts' });
    await submit(user);
    await screen.findByRole('alertdialog', { name: 'End your application?' });
    await user.click(screen.getByRole('button', { name: 'End my application' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/offers/not-qualified'));
    expect(puts(calls)).toEqual([{ selectedIds: [] }]);
  });

  const ADDED = '44444444-4444-4444-8444-444444444444';
  const added: EligibleItemView = {
    id: ADDED,
    kind: 'debt',
    creditorName: 'Hometown Credit Union',
    originalCreditorName: null,
    accountType: null,
    accountTypeName: null,
    accountNumberLast4: null,
    currentBalance: 320000,
    estimatedMonthlyPayment: 9500,
    selectedForDebtReduction: true,
    owner: 'borrower',
    isSelfReported: true,
  };

  it('adds a missing debt: it joins the list selected, marked as added by the borrower, and can be removed', async () => {
    const { calls, user } = await renderPage({ status: 200, body: { items } }, undefined, {
      'POST /api/application/eligible-debts/missing': {
        status: 200,
        body: { items: [items[0], added, items[1], items[2]] },
      },
      [`DELETE /api/application/eligible-debts/missing/${ADDED}`]: { status: 200, body: { items } },
    });
    await screen.findByRole('list', { name: 'Eligible debts' });
    await user.click(screen.getByRole('button', { name: 'A debt is missing?' }));
    const form = screen.getByRole('form', { name: 'Add a missing debt' });
    await user.type(screen.getByLabelText('Creditor name'), 'Hometown Credit Union');
    await user.type(screen.getByLabelText('Balance'), '3200');
    await user.type(screen.getByLabelText('Monthly payment'), '95');
    await user.click(screen.getByRole('button', { name: 'Add debt' }));
    await waitFor(() => expect(form).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { creditorName: 'Hometown Credit Union', currentBalance: 320000, monthlyPayment: 9500 },
    ]);
    const tiles = [...document.querySelectorAll('ul[aria-label="Eligible debts"] > li')];
    expect(tiles).toHaveLength(4);
    expect(tiles[1]!.textContent).toContain('Added by you: a counsellor will check it');
    expect(checkbox('Hometown Credit Union').checked).toBe(true);
    expect(summary()).toEqual(['$13,850', '$396']);
    expect(screen.getByRole('button', { name: 'A debt is missing?' })).toHaveFocus();
    // The introduction no longer says every debt came from the credit report.
    expect(screen.getByText(/the ones you added/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove Hometown Credit Union' }));
    await waitFor(() =>
      expect(document.querySelectorAll('ul[aria-label="Eligible debts"] > li')).toHaveLength(3),
    );
    expect(summary()).toEqual(['$10,650', '$301']);
    expect(screen.getByText(/^We found these debts on your credit report\./)).toBeInTheDocument();
  });

  it('checks the missing debt on this side with the shared rules, and shows the server’s field message', async () => {
    const { calls, user } = await renderPage({ status: 200, body: { items } }, undefined, {
      'POST /api/application/eligible-debts/missing': {
        status: 400,
        body: {
          code: 'ValidationError',
          message: 'x',
          fieldErrors: { creditorName: 'You can add at most 20 debts. Call us to add more.' },
        },
      },
    });
    await screen.findByRole('list', { name: 'Eligible debts' });
    await user.click(screen.getByRole('button', { name: 'A debt is missing?' }));
    await user.click(screen.getByRole('button', { name: 'Add debt' }));
    expect(await screen.findByText('Creditor name is required')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await user.type(screen.getByLabelText('Creditor name'), 'Bank');
    await user.type(screen.getByLabelText('Balance'), '100');
    await user.type(screen.getByLabelText('Monthly payment'), '0');
    await user.click(screen.getByRole('button', { name: 'Add debt' }));
    expect(await screen.findByText('You can add at most 20 debts. Call us to add more.')).toBeInTheDocument();
    expect(screen.getByLabelText('Creditor name')).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'Add a missing debt' })).toBeNull();
  });
});

describe('/eligible-debts in Spanish', () => {
  it('shows the heading, the debts with their labels and amounts, and the buttons in Spanish', async () => {
    await renderPage({ status: 200, body: { items } }, undefined, {}, 'es');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sus deudas elegibles' }),
    ).toBeInTheDocument();
    expect(document.title).toContain('Sus deudas elegibles');
    const list = screen.getByRole('list', { name: 'Deudas elegibles' });
    expect(list).toHaveTextContent('Acreedor original: Synchrony Bank');
    expect(list).toHaveTextContent('Tarjeta de crédito');
    expect(list).toHaveTextContent('Agencia de cobranza');
    expect(list).not.toHaveTextContent('Credit card');
    expect(list).toHaveTextContent('Saldo$8,500');
    expect(list).toHaveTextContent('Pago mensual estimado$240');
    expect(checkbox('Capital One ...1234 Incluir en mi plan').checked).toBe(true);
    expect(screen.getByText('Deudas seleccionadas (2)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '¿Falta una deuda?' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continuar' })).toBeInTheDocument();
  });

  it('words an account type by the code the answer carries, whatever English comes beside it', async () => {
    const renamed = items.map((item) => ({ ...item, accountTypeName: item.accountTypeName && 'Not a type' }));
    await renderPage({ status: 200, body: { items: renamed } }, undefined, {}, 'es');
    const list = await screen.findByRole('list', { name: 'Deudas elegibles' });
    expect(list).toHaveTextContent('Tarjeta de crédito');
    expect(list).toHaveTextContent('Agencia de cobranza');
    expect(list).not.toHaveTextContent('Not a type');
  });

  it('explains in Spanish when no eligible debt was found', async () => {
    await renderPage({ status: 200, body: { items: [] } }, undefined, {}, 'es');
    const none = await screen.findByRole('region', {
      name: 'No encontramos deudas elegibles en su informe de crédito.',
    });
    expect(none).toHaveTextContent('Un plan de manejo de deudas cubre deudas no garantizadas');
    expect(none).toHaveTextContent(`Llámenos al ${SITE.phone.display} (`);
  });
});
