import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ExpensesView } from '#domain/flow/application-view';
import type { Language } from '#domain/i18n/language';
import { EXPENSE_BENCHMARK_SOURCE } from '#domain/underwriting/expense-estimates';
import { expenseLineKey } from '#domain/validation/expenses';
import {
  PLAN_NOT_NEEDED_HELP,
  PLAN_NOT_NEEDED_TITLE,
  planNotNeededMessage,
  planNotNeededRef,
  THIN_BUDGET_TITLE,
  thinBudgetMessage,
  WOULD_DISQUALIFY_HELP,
  WOULD_DISQUALIFY_TITLE,
} from '#domain/underwriting/budget-room';
import { MESSAGES } from '#domain/validation/messages';
import { CONFIRM_LABELS } from './budget-warning';
import {
  expensesReducer,
  initialExpensesState,
  PENDING_EDIT_MESSAGE,
  type ExpensesAction,
  type ExpensesState,
} from './expense-group';
import { Component as ExpensesPage, PREPARING_OFFER_TEXT } from './expenses-page';
import { server } from '#web/test/api-mock';
import { renderRoutes } from '#web/test/render';
import { borrowerSession } from '#web/test/sessions';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const application = (status = 'inProgress', lastViewedPage = 'Expenses') => ({
  id: 'app-1',
  status,
  lastCompletedPage: 'ProvideMonthlyIncome',
  lastViewedPage,
});

const line = (
  category: ExpensesView['groups'][number]['category'],
  subCategory: string,
  label: string,
  dollars: number,
) => ({
  category,
  subCategory,
  // Every line here is a renter's, or one that both have (the mortgage falls back to its own).
  labelKey: expenseLineKey(category, subCategory, false),
  label,
  estimatedValue: dollars * 100,
  selfReportedValue: dollars * 100,
  lastSubmittedValue: null,
});

const EXPENSES: ExpensesView = {
  isHomeowner: false,
  groups: [
    {
      category: 'housing',
      label: 'Housing',
      lines: [line('housing', 'rent', 'Rent', 1_200), line('housing', 'insurance', 'Renters insurance', 15)],
      total: 121_500,
    },
    {
      category: 'food',
      label: 'Food',
      lines: [
        line('food', 'home', 'Groceries', 450),
        line('food', 'away', 'Restaurants including delivery', 120),
      ],
      total: 57_000,
    },
  ],
  total: 178_500,
  monthlyIncome: 300_000,
  benchmarkSource: 'Estimates from the Consumer Expenditure Survey, 2023.',
};

type Reply = { status: number; body?: unknown };
const reply = (r: Reply) => HttpResponse.json((r.body ?? null) as object, { status: r.status });
let replies: { application: Reply; expenses: Reply; put: Reply };
let puts: unknown[];
let app: ReturnType<typeof renderRoutes>;
let consoleError: ReturnType<typeof vi.spyOn>;
/** Resolves the pending PUT when set, so a test can look at the page while it saves. */
let holdPut: Promise<void> | undefined;

beforeEach(() => {
  puts = [];
  holdPut = undefined;
  replies = {
    application: { status: 200, body: application() },
    expenses: { status: 200, body: EXPENSES },
    put: { status: 200, body: { next: '/offers/review' } },
  };
  server.use(
    http.get('/api/session', () => HttpResponse.json(borrowerSession())),
    http.get('/api/application', () => reply(replies.application)),
    http.get('/api/application/expenses', () => reply(replies.expenses)),
    http.put('/api/application/expenses', async ({ request }) => {
      puts.push(await request.json());
      await holdPut;
      return reply(replies.put);
    }),
  );
  consoleError = vi.spyOn(console, 'error');
});

afterEach(() => {
  expect(consoleError).not.toHaveBeenCalled();
  consoleError.mockRestore();
});

/** Renders /expenses and waits until its data (or the failure) is on the page. */
async function renderPage(language: Language = 'en') {
  app = renderRoutes(
    [
      { path: '/expenses', Component: ExpensesPage },
      { path: '*', Component: () => <p>elsewhere</p> },
    ],
    '/expenses',
    undefined,
    language,
  );
  await waitFor(() =>
    expect(
      screen.queryByRole('button', {
        name: language === 'es' ? 'Guardar y continuar' : 'Save and Continue',
      }) ?? screen.queryByRole('alert'),
    ).not.toBeNull(),
  );
}
const path = () => app.router.state.location.pathname;
const button = (name: string) => screen.getByRole('button', { name });
const click = (name: string) => app.user.click(button(name));
const input = (label: string) => screen.queryByLabelText<HTMLInputElement>(label);
/** Replaces an amount as a person pasting it would: the input reformats what React receives. */
async function type(label: string, text: string) {
  const field = input(label)!;
  await app.user.clear(field);
  if (text) await app.user.paste(text);
}
const groupTotal = (group: string) =>
  [...document.querySelectorAll('section')]
    .find((s) => s.querySelector('h2')?.textContent === group)
    ?.querySelector('header p')?.textContent;
const lineText = (label: string) =>
  [...document.querySelectorAll('li[data-line]')].find((li) => li.textContent?.startsWith(label))
    ?.textContent;

describe('expensesReducer', () => {
  const start = () => initialExpensesState(EXPENSES);
  const run = (actions: ExpensesAction[]): ExpensesState => actions.reduce(expensesReducer, start());
  const rent = 'housing:rent';

  it.each<
    [
      string,
      ExpensesAction[],
      Pick<ExpensesState[string], 'current' | 'submitted' | 'editing' | 'error' | 'errorRef'>,
    ]
  >([
    [
      'edit opens the line on its submitted value',
      [{ type: 'edit', key: rent }],
      { current: 120_000, submitted: 120_000, editing: true },
    ],
    [
      'a change edits the current value only',
      [
        { type: 'edit', key: rent },
        { type: 'change', key: rent, value: 90_000 },
      ],
      { current: 90_000, submitted: 120_000, editing: true },
    ],
    [
      'a submit records the last submitted value',
      [
        { type: 'edit', key: rent },
        { type: 'change', key: rent, value: 90_000 },
        { type: 'submit', keys: [rent] },
      ],
      { current: 90_000, submitted: 90_000, editing: false },
    ],
    [
      'a cancel reverts to the last submitted value',
      [
        { type: 'edit', key: rent },
        { type: 'change', key: rent, value: 90_000 },
        { type: 'submit', keys: [rent] },
        { type: 'edit', key: rent },
        { type: 'change', key: rent, value: 10_000 },
        { type: 'cancel', keys: [rent] },
      ],
      { current: 90_000, submitted: 90_000, editing: false },
    ],
    [
      'zero may be submitted',
      [
        { type: 'edit', key: rent },
        { type: 'change', key: rent, value: 0 },
        { type: 'submit', keys: [rent] },
      ],
      { current: 0, submitted: 0, editing: false },
    ],
    [
      'an empty amount is refused and stays open',
      [
        { type: 'edit', key: rent },
        { type: 'change', key: rent, value: null },
        { type: 'submit', keys: [rent] },
      ],
      {
        current: null,
        submitted: 120_000,
        editing: true,
        error: 'Rent is required',
        // The message's id, with the line's label as its own message: worded in the page's language when shown.
        errorRef: {
          id: 'validation.required',
          values: { label: { id: 'apply.expenses.line.housing.rent' } },
        },
      },
    ],
    [
      // The rent holds the household page's housing cost, which may have 6 digits.
      'a 6-digit rent may be submitted',
      [
        { type: 'edit', key: rent },
        { type: 'change', key: rent, value: 12_345_600 },
        { type: 'submit', keys: [rent] },
      ],
      { current: 12_345_600, submitted: 12_345_600, editing: false },
    ],
    [
      'more than 6 dollar digits of rent is refused',
      [
        { type: 'edit', key: rent },
        { type: 'change', key: rent, value: 100_000_000 },
        { type: 'submit', keys: [rent] },
      ],
      {
        current: 100_000_000,
        submitted: 120_000,
        editing: true,
        error: 'Rent must be at most 6 characters long',
        errorRef: {
          id: 'validation.maxLength',
          values: { label: { id: 'apply.expenses.line.housing.rent' }, n: 6 },
        },
      },
    ],
    [
      'after a failed submit a change re-checks the line',
      [
        { type: 'edit', key: rent },
        { type: 'change', key: rent, value: null },
        { type: 'submit', keys: [rent] },
        { type: 'change', key: rent, value: 50_000 },
      ],
      { current: 50_000, submitted: 120_000, editing: true, error: undefined },
    ],
  ])('%s', (_name, actions, expected) => {
    expect(run(actions)[rent]).toEqual({
      labelKey: 'housing_rent',
      label: 'Rent',
      maxLength: 6,
      ...expected,
    });
  });

  it('refuses more than 5 dollar digits on the other lines', () => {
    const insurance = 'housing:insurance';
    const state = run([
      { type: 'edit', key: insurance },
      { type: 'change', key: insurance, value: 10_000_000 },
      { type: 'submit', keys: [insurance] },
    ]);
    expect(state[insurance]).toMatchObject({
      maxLength: 5,
      submitted: 1_500,
      editing: true,
      error: 'Renters insurance must be at most 5 characters long',
    });
  });

  it('submits a group all at once, or none of it when a line is refused', () => {
    const keys = ['housing:rent', 'housing:insurance'];
    const opened: ExpensesAction[] = [
      { type: 'edit', key: keys[0]! },
      { type: 'edit', key: keys[1]! },
      { type: 'change', key: keys[0]!, value: 100_000 },
    ];
    const ok = run([...opened, { type: 'change', key: keys[1]!, value: 2_000 }, { type: 'submit', keys }]);
    expect(keys.map((key) => ok[key]?.submitted)).toEqual([100_000, 2_000]);
    const refused = run([
      ...opened,
      { type: 'change', key: keys[1]!, value: null },
      { type: 'submit', keys },
    ]);
    expect(keys.map((key) => refused[key]?.submitted)).toEqual([120_000, 1_500]);
    expect(keys.map((key) => refused[key]?.error)).toEqual([undefined, 'Renters insurance is required']);
  });
});

describe('/expenses', () => {
  it('shows each group with its lines and total, the grand total and the benchmark source', async () => {
    await renderPage();
    expect(document.querySelector('h1')?.textContent).toBe('Verify Your Household Expenses');
    expect(groupTotal('Housing')).toBe('Housing total $1,215');
    expect(groupTotal('Food')).toBe('Food total $570');
    expect(lineText('Rent')).toBe('Rent$1,200Edit');
    expect(document.body.textContent).toContain('Total monthly expenses$1,785');
    expect(document.body.textContent).toContain(EXPENSES.benchmarkSource);
  });

  it('edits, submits and cancels lines, updating the totals, then saves the submitted values', async () => {
    await renderPage();
    await click('Edit Rent');
    expect(document.activeElement).toBe(input('Rent'));
    await type('Rent', '$1,0500');
    expect(input('Rent')?.value).toBe('$10,500');
    // Only a submit changes the total.
    expect(groupTotal('Housing')).toBe('Housing total $1,215');
    await click('Submit Rent');
    expect(groupTotal('Housing')).toBe('Housing total $10,515');
    expect(document.activeElement).toBe(button('Edit Rent'));

    // A cancel goes back to the last submitted value.
    await click('Edit Rent');
    await type('Rent', '7');
    await click('Cancel Rent');
    expect(lineText('Rent')).toBe('Rent$10,500Edit');

    // The group's own Submit takes every open line; zero is allowed.
    await click('Edit Groceries');
    await click('Edit Restaurants including delivery');
    await type('Groceries', '500');
    await type('Restaurants including delivery', '0');
    await click('Submit all Food changes');
    expect(groupTotal('Food')).toBe('Food total $500');
    expect(document.body.textContent).toContain('Total monthly expenses$11,015');

    await click('Save and Continue');
    await waitFor(() => expect(path()).toBe('/offers/review'));
    expect(puts).toEqual([
      {
        lines: [
          { category: 'housing', subCategory: 'rent', selfReportedValue: 1_050_000 },
          { category: 'housing', subCategory: 'insurance', selfReportedValue: 1_500 },
          { category: 'food', subCategory: 'home', selfReportedValue: 50_000 },
          { category: 'food', subCategory: 'away', selfReportedValue: 0 },
        ],
      },
    ]);
  });

  it('shows the line’s error and focuses it when an emptied amount is submitted', async () => {
    await renderPage();
    await click('Edit Groceries');
    await type('Groceries', '');
    await click('Submit Groceries');
    expect(document.querySelector('[role="alert"]')?.textContent).toBe('Groceries is required');
    expect(document.activeElement).toBe(input('Groceries'));
    expect(input('Groceries')?.getAttribute('aria-invalid')).toBe('true');
    await click('Cancel Groceries');
    expect(document.querySelector('[role="alert"]')).toBeNull();
    expect(lineText('Groceries')).toBe('Groceries$450Edit');
  });

  it('gives each open line its Cancel and Submit, and its group a pair of its own', async () => {
    await renderPage();
    const pairs = () =>
      screen.queryAllByRole('button', { name: /^(Cancel|Submit)/ }).map((b) => b.getAttribute('aria-label'));
    expect(pairs()).toEqual([]);
    await click('Edit Groceries');
    expect(pairs()).toEqual([
      'Cancel Groceries',
      'Submit Groceries',
      'Cancel all Food changes',
      'Submit all Food changes',
    ]);
    // Only the group being edited: Housing has no open line, so no pair.
    expect(screen.queryByRole('button', { name: 'Submit all Housing changes' })).toBeNull();
    await click('Cancel Groceries');
    expect(pairs()).toEqual([]);
  });

  it("reverts every line of the group with the group's Cancel", async () => {
    await renderPage();
    await click('Edit Groceries');
    await click('Edit Restaurants including delivery');
    await type('Groceries', '999');
    await type('Restaurants including delivery', '888');
    await click('Cancel all Food changes');
    expect(lineText('Groceries')).toBe('Groceries$450Edit');
    expect(groupTotal('Food')).not.toContain('999');
    expect(screen.queryByRole('button', { name: /^(Cancel|Submit)/ })).toBeNull();
  });

  it('submits no line of the group while one of them is invalid, and says which', async () => {
    await renderPage();
    await click('Edit Groceries');
    await click('Edit Restaurants including delivery');
    await type('Groceries', '');
    await type('Restaurants including delivery', '120');
    const before = groupTotal('Food');
    await click('Submit all Food changes');
    expect(document.querySelector('[role="alert"]')?.textContent).toBe('Groceries is required');
    expect(groupTotal('Food')).toBe(before);
    await type('Groceries', '300');
    await click('Submit all Food changes');
    expect(groupTotal('Food')).toBe('Food total $420');
  });

  it('keeps a running income − expenses line that follows each keystroke', async () => {
    await renderPage();
    const running = () => screen.getByRole('status', { name: 'Income minus expenses' }).textContent;
    // $3,000 income − $1,785 expenses.
    expect(running()).toBe('$1,215');
    await click('Edit Rent');
    await type('Rent', '2000');
    // Not submitted, yet counted: $3,000 − ($1,785 − $1,200 + $2,000).
    expect(running()).toBe('$415');
    expect(document.body.textContent).toContain('Total monthly expenses$1,785');
    await type('Rent', '');
    expect(running()).toBe('$2,415');
    await click('Cancel Rent');
    expect(running()).toBe('$1,215');
  });

  it('shows an amount one digit past the limit with the warning, stops typing there, and refuses it', async () => {
    await renderPage();
    await click('Edit Renters insurance');
    await type('Renters insurance', '12345');
    expect(input('Renters insurance')).not.toHaveAccessibleDescription();
    await type('Renters insurance', '1234567');
    expect(input('Renters insurance')?.value).toBe('$123,456');
    expect(input('Renters insurance')).toHaveAccessibleDescription(MESSAGES.currencyWarning);
    await click('Submit Renters insurance');
    expect(input('Renters insurance')).toHaveAccessibleDescription(
      `Renters insurance must be at most 5 characters long ${MESSAGES.currencyWarning}`,
    );
    expect(groupTotal('Housing')).toBe('Housing total $1,215');
  });

  it('edits a rent of $100,000 or more, the housing cost the household page allows', async () => {
    replies.expenses = {
      status: 200,
      body: {
        ...EXPENSES,
        groups: EXPENSES.groups.map((group, index) =>
          index === 0
            ? { ...group, lines: [line('housing', 'rent', 'Rent', 123_456), group.lines[1]!] }
            : group,
        ),
      },
    };
    await renderPage();
    await click('Edit Rent');
    expect(input('Rent')?.value).toBe('$123,456');
    expect(input('Rent')).not.toHaveAccessibleDescription();
    await type('Rent', '$123,457');
    await click('Submit Rent');
    expect(lineText('Rent')).toBe('Rent$123,457Edit');
    await click('Edit Rent');
    await type('Rent', '1234567');
    expect(input('Rent')).toHaveAccessibleDescription(MESSAGES.currencyWarning);
    await click('Cancel Rent');
    await click('Save and Continue');
    await waitFor(() => expect(path()).toBe('/offers/review'));
    expect(puts).toEqual([
      expect.objectContaining({
        lines: expect.arrayContaining([
          { category: 'housing', subCategory: 'rent', selfReportedValue: 12_345_700 },
        ]) as unknown,
      }),
    ]);
  });

  it('edits a homeowner’s mortgage of $100,000 or more the same way', async () => {
    replies.expenses = {
      status: 200,
      body: {
        ...EXPENSES,
        isHomeowner: true,
        groups: EXPENSES.groups.map((group, index) =>
          index === 0 ? { ...group, lines: [line('housing', 'mortgage', 'Mortgage', 150_000)] } : group,
        ),
      },
    };
    await renderPage();
    await click('Edit Mortgage');
    expect(input('Mortgage')?.value).toBe('$150,000');
    await type('Mortgage', '$100,001');
    await click('Submit Mortgage');
    expect(lineText('Mortgage')).toBe('Mortgage$100,001Edit');
  });

  it('says the warning in Spanish', async () => {
    await renderPage('es');
    await click('Editar Seguro de inquilino');
    await type('Seguro de inquilino', '123456');
    expect(input('Seguro de inquilino')).toHaveAccessibleDescription(
      'Confirme que esta cantidad es correcta.',
    );
  });

  it('will not continue past a change that was neither submitted nor cancelled', async () => {
    await renderPage();
    await click('Edit Rent');
    await type('Rent', '900');
    await click('Save and Continue');
    expect(await screen.findByRole('alert')).toHaveTextContent(PENDING_EDIT_MESSAGE);
    expect(puts).toEqual([]);
    expect(document.activeElement).toBe(input('Rent'));
  });

  it('shows the busy overlay while saving', async () => {
    let release!: () => void;
    holdPut = new Promise((resolve) => (release = resolve));
    await renderPage();
    await click('Save and Continue');
    await waitFor(() =>
      expect(document.querySelector('[aria-busy="true"][role="status"]')?.textContent).toBe(
        PREPARING_OFFER_TEXT,
      ),
    );
    release();
    await waitFor(() => expect(path()).toBe('/offers/review'));
  });

  it.each([
    ['/budget', '/budget'],
    ['/offers/not-qualified', '/offers/not-qualified'],
  ])('goes to %s when the server says so', async (next, path) => {
    replies.put = { status: 200, body: { next } };
    await renderPage();
    await click('Save and Continue');
    await waitFor(() => expect(app.router.state.location.pathname).toBe(path));
  });

  it('shows a save failure in the error modal and stays', async () => {
    replies.put = { status: 500, body: { code: 'InternalError', message: 'boom' } };
    await renderPage();
    await click('Save and Continue');
    expect(await screen.findByRole('dialog')).toHaveTextContent(MESSAGES.saveFailed);
    expect(path()).toBe('/expenses');
  });

  describe('a save the server warns about first', () => {
    const noRoom = 'The plan needs about $330 a month of room; your budget leaves $115.';
    const sent = (extra: Record<string, unknown> = {}) => ({
      lines: EXPENSES.groups.flatMap((g) =>
        g.lines.map((l) => ({
          category: l.category,
          subCategory: l.subCategory,
          selfReportedValue: l.selfReportedValue,
        })),
      ),
      ...extra,
    });

    it('no room for the plan: the figures in a dialog; Revise keeps the page, then a revised save goes on', async () => {
      replies.put = { status: 422, body: { code: 'WouldDisqualify', message: noRoom } };
      await renderPage();
      await click('Save and Continue');
      const dialog = await screen.findByRole('alertdialog', { name: WOULD_DISQUALIFY_TITLE });
      expect(dialog).toHaveTextContent(noRoom);
      expect(dialog).toHaveTextContent(WOULD_DISQUALIFY_HELP);
      expect(button('Revise my expenses')).toHaveFocus();
      await app.user.keyboard('{Enter}');
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
      expect(path()).toBe('/expenses');
      // The borrower lowers the rent they had left at the estimate, and saves again.
      replies.put = { status: 200, body: { next: '/offers/review' } };
      await click('Edit Rent');
      await type('Rent', '900');
      await click('Submit Rent');
      await click('Save and Continue');
      await waitFor(() => expect(path()).toBe('/offers/review'));
      expect(puts).toHaveLength(2);
      expect(puts[1]).not.toHaveProperty('confirmDisqualification');
      expect((puts[1] as ReturnType<typeof sent>).lines[0]).toEqual({
        category: 'housing',
        subCategory: 'rent',
        selfReportedValue: 90_000,
      });
    });

    it('no room for the plan: confirmed with the keyboard, the same lines go again, confirmed', async () => {
      replies.put = { status: 422, body: { code: 'WouldDisqualify', message: noRoom } };
      await renderPage();
      await click('Save and Continue');
      await screen.findByRole('alertdialog', { name: WOULD_DISQUALIFY_TITLE });
      replies.put = { status: 200, body: { next: '/offers/not-qualified' } };
      await app.user.tab();
      expect(button(CONFIRM_LABELS.WouldDisqualify)).toHaveFocus();
      await app.user.keyboard('{Enter}');
      await waitFor(() => expect(path()).toBe('/offers/not-qualified'));
      expect(puts).toEqual([sent(), sent({ confirmDisqualification: true })]);
    });

    it('no plan needed: what would change the result in a dialog; confirmed, the application ends', async () => {
      const message = planNotNeededMessage({ room: 100000, currentPayment: 30000 });
      const { id: messageId, values } = planNotNeededRef({ room: 100000, currentPayment: 30000 });
      replies.put = { status: 422, body: { code: 'WouldDisqualify', message, messageId, values } };
      await renderPage();
      await click('Save and Continue');
      const dialog = await screen.findByRole('alertdialog', { name: PLAN_NOT_NEEDED_TITLE });
      expect(dialog).toHaveTextContent(message);
      expect(dialog).toHaveTextContent(PLAN_NOT_NEEDED_HELP);
      expect(dialog).toHaveTextContent('less than $800 a month: $201 less than now.');
      expect(path()).toBe('/expenses');
      expect(button('Revise my expenses')).toHaveFocus();
      replies.put = { status: 200, body: { next: '/offers/not-qualified' } };
      await click(CONFIRM_LABELS.WouldDisqualify);
      await waitFor(() => expect(path()).toBe('/offers/not-qualified'));
      expect(puts).toEqual([sent(), sent({ confirmDisqualification: true })]);
    });

    it('next to nothing left: Escape goes back; accepted, it goes on', async () => {
      const message = thinBudgetMessage(400);
      replies.put = { status: 422, body: { code: 'ThinBudget', message } };
      await renderPage();
      await click('Save and Continue');
      expect(await screen.findByRole('alertdialog', { name: THIN_BUDGET_TITLE })).toHaveTextContent(message);
      await app.user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
      expect(button('Save and Continue')).toHaveFocus();
      await click('Save and Continue');
      await screen.findByRole('alertdialog', { name: THIN_BUDGET_TITLE });
      replies.put = { status: 200, body: { next: '/offers/review' } };
      await click(CONFIRM_LABELS.ThinBudget);
      await waitFor(() => expect(path()).toBe('/offers/review'));
      expect(puts).toEqual([sent(), sent(), sent({ acceptThinBudget: true })]);
    });
  });

  it('explains a conflict, then goes where the application stands', async () => {
    const message = 'Your application has moved past this step, so these answers can no longer be changed.';
    replies.put = { status: 409, body: { code: 'Conflict', message, redirect: '/offers/review' } };
    await renderPage();
    await click('Save and Continue');
    expect(await screen.findByRole('dialog')).toHaveTextContent(message);
    await click('OK');
    await waitFor(() => expect(path()).toBe('/offers/review'));
  });

  it('offers a retry when the expenses cannot be read', async () => {
    replies.expenses = { status: 500, body: { code: 'InternalError', message: 'boom' } };
    await renderPage();
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.applicationLoadFailed);
    replies.expenses = { status: 200, body: EXPENSES };
    await click('Try again');
    await waitFor(() => expect(groupTotal('Housing')).toBe('Housing total $1,215'));
  });
});

describe('/expenses in Spanish', () => {
  it('shows the groups, lines, totals and a line’s message in Spanish', async () => {
    replies.expenses.body = { ...EXPENSES, benchmarkSource: EXPENSE_BENCHMARK_SOURCE };
    await renderPage('es');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Verifique los gastos de su hogar');
    expect(document.title).toContain('Verifique los gastos de su hogar');
    expect(screen.getByRole('heading', { level: 2, name: 'Vivienda' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Alimentación' })).toBeInTheDocument();
    expect(document.body.textContent).toContain('Total de gastos mensuales$1,785');
    expect(document.body.textContent).toContain(
      '$3,000 de ingresos mensuales − $1,785 de gastos, según lo que escribe',
    );
    expect(screen.getByRole('status', { name: 'Ingresos menos gastos' })).toHaveTextContent('$1,215');
    expect(document.body.textContent).toContain(
      'Estimaciones basadas en la Encuesta de Gastos del Consumidor',
    );
    await app.user.click(button('Editar Alquiler'));
    const rent = screen.getByLabelText('Alquiler');
    await app.user.clear(rent);
    await app.user.type(rent, '123456');
    expect(button('Cancelar todos los cambios de Vivienda')).toBeInTheDocument();
    await app.user.click(button('Guardar y continuar'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Envíe o cancele este cambio antes de continuar.',
    );
    expect(button('Enviar Alquiler')).toBeInTheDocument();
    expect(button('Cancelar Alquiler')).toBeInTheDocument();
  });

  it('words the groups and lines by the keys the answer carries, whatever English comes beside them', async () => {
    // An English label the catalogs do not know: the page reads the key, never the English back.
    replies.expenses.body = {
      ...EXPENSES,
      groups: EXPENSES.groups.map((group) => ({
        ...group,
        label: 'Not a label',
        lines: group.lines.map((l) => ({ ...l, label: `Not ${l.subCategory}` })),
      })),
    };
    await renderPage('es');
    expect(screen.getByRole('heading', { level: 2, name: 'Vivienda' })).toBeInTheDocument();
    expect(lineText('Alquiler')).toBeDefined();
    expect(lineText('Seguro de inquilino')).toBeDefined();
    expect(document.body.textContent).not.toContain('Not ');
  });

  it('warns of a budget that needs no plan in Spanish, known by its id, with the same figures', async () => {
    // As the server answers a Spanish reader: the text already in Spanish, the id and values beside it.
    const { id: messageId, values } = planNotNeededRef({ room: 100000, currentPayment: 30000 });
    replies.put = {
      status: 422,
      body: {
        code: 'WouldDisqualify',
        message: 'Su presupuesto deja $1,000 al mes, suficiente para pagar los $300 al mes estimados.',
        messageId,
        values,
      },
    };
    await renderPage('es');
    await app.user.click(button('Guardar y continuar'));
    const dialog = await screen.findByRole('alertdialog', { name: 'Es posible que no necesite un plan' });
    expect(dialog).toHaveTextContent('$1,000');
    expect(dialog).toHaveTextContent('$201');
    expect(dialog).toHaveTextContent('Si falta un gasto');
    expect(dialog.textContent).not.toMatch(/budget|plan is|Finish/);
  });
});
