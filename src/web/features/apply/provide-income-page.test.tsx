import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { INCOME_LABEL, INCOME_SOURCES_TOOLTIP } from '#domain/validation/application';
import { MESSAGES } from '#domain/validation/messages';
import {
  byLabel,
  describedText,
  mockApi,
  mountRoutes,
  settle,
  typeInto,
  waitFor,
  type Mounted,
} from '../../components/ui/form/dom-test-helpers';
import type { ApplicationView } from './application-query';
import { INCOME_CONNECTION_TITLE } from './income-bank-connection';
import { CALCULATING_SUBTEXT, CALCULATING_TEXT, Component as ProvideIncomePage } from './provide-income-page';

let mounted: Mounted | undefined;
afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
  document.body.innerHTML = '';
});

const application = (income: number | null, extra: Partial<ApplicationView> = {}) =>
  ({
    id: 'app-1',
    status: 'inProgress',
    lastCompletedPage: 'EligibleDebts',
    lastViewedPage: 'ProvideMonthlyIncome',
    selfReportedMonthlyCurrentIncome: income,
    verifiedMonthlyCurrentIncome: null,
    connectedBankName: null,
    reasonForNotConnectingBank: null,
    ...extra,
  }) satisfies Partial<ApplicationView>;

type Reply = Parameters<typeof mockApi>[0][string];

async function renderPage(income: number | null, put: Reply = { status: 200, body: { next: '/expenses' } }) {
  const calls = mockApi({
    'GET /api/application': { status: 200, body: application(income) },
    'PUT /api/application/income': put,
  });
  const app = mountRoutes(
    [
      { path: '/income/provide-monthly-income', Component: ProvideIncomePage },
      { path: '*', Component: () => <p>elsewhere</p> },
    ],
    '/income/provide-monthly-income',
  );
  mounted = app;
  await waitFor(() => expect(document.querySelector('h1')).not.toBeNull());
  return { calls, router: app.router };
}

async function submit() {
  const button = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Continue')!;
  await act(async () => button.click());
  await settle();
}
const puts = (calls: { method: string; body: unknown }[]) =>
  calls.filter((c) => c.method === 'PUT').map((c) => c.body);
const income = () => byLabel(INCOME_LABEL);

describe('/income/provide-monthly-income: the bank connection', () => {
  it('offers the income predicted from a connected bank, and says where it comes from', async () => {
    mockApi({
      'GET /api/application': {
        status: 200,
        body: application(null, { verifiedMonthlyCurrentIncome: 523_400, connectedBankName: 'Tartan Bank' }),
      },
    });
    mounted = mountRoutes(
      [{ path: '/income/provide-monthly-income', Component: ProvideIncomePage }],
      '/income/provide-monthly-income',
    );
    await waitFor(() => expect(document.body.textContent).toContain('Connected to Tartan Bank'));
    expect(document.body.textContent).toContain('average $5,234 a month');
    expect(income().value).toBe('$5,234');
  });

  it('skips the connection with a reason', async () => {
    const calls = mockApi({
      'GET /api/application': { status: 200, body: application(null) },
      'PUT /api/application/income/skip-bank-connection': { status: 204 },
    });
    mounted = mountRoutes(
      [{ path: '/income/provide-monthly-income', Component: ProvideIncomePage }],
      '/income/provide-monthly-income',
    );
    await waitFor(() => expect(document.body.textContent).toContain(INCOME_CONNECTION_TITLE));
    const button = (text: string) =>
      [...document.querySelectorAll('button')].find((b) => b.textContent === text)!;
    await act(async () => button('Skip').click());
    await act(async () => button('Skip this step').click());
    await settle();
    expect(document.body.textContent).toContain('Why are you skipping this step is required');
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
    const reason = [...document.querySelectorAll('label')].find(
      (l) => l.textContent === 'My bank is not listed',
    );
    await act(async () => reason!.querySelector<HTMLElement>('button, input')!.click());
    await act(async () => button('Skip this step').click());
    await settle();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { reasonForNotConnectingBank: 'bankNotListed' },
    ]);
  });
});

describe('/income/provide-monthly-income', () => {
  it.each([
    ['5', '$5'],
    ['5725', '$5,725'],
    ['$12,5a00', '$12,500'],
    ['12345678', '$1,234,567'],
    ['', ''],
  ])('shows %j typed as %j (7 digits at most)', async (typed, shown) => {
    await renderPage(null);
    typeInto(income(), typed);
    expect(income().value).toBe(shown);
  });

  it('prefills the saved income', async () => {
    await renderPage(450000);
    expect(income().value).toBe('$4,500');
  });

  it.each([
    ['', `${INCOME_LABEL} is required`],
    ['0', `${INCOME_LABEL} is required`],
  ])('refuses %j with %j and focuses the field', async (typed, message) => {
    const { calls } = await renderPage(null);
    typeInto(income(), typed);
    await submit();
    expect(describedText(income())).toBe(message);
    expect(document.activeElement).toBe(income());
    expect(puts(calls)).toEqual([]);
  });

  it('warns above $15,000 without stopping the submit, then saves the cents', async () => {
    const { calls, router } = await renderPage(null);
    typeInto(income(), '15000');
    await settle(1);
    expect(document.body.textContent).not.toContain(MESSAGES.incomeWarning);
    typeInto(income(), '15001');
    await settle(1);
    expect(describedText(income())).toBe(MESSAGES.incomeWarning);
    await submit();
    expect(puts(calls)).toEqual([{ selfReportedMonthlyCurrentIncome: 1500100 }]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/expenses'));
  });

  it('shows the calculating overlay while the income is checked', async () => {
    let release: (reply: Response) => void = () => undefined;
    await renderPage(300000);
    globalThis.fetch = (() => new Promise<Response>((resolve) => (release = resolve))) as typeof fetch;
    await submit();
    const overlay = [...document.querySelectorAll('[role="status"]')].find((s) =>
      s.textContent?.includes(CALCULATING_TEXT),
    );
    expect(overlay?.textContent).toContain(CALCULATING_SUBTEXT);
    await act(async () => release(Response.json({ next: '/income/confirm-income' })));
    await settle();
    expect(document.body.textContent).not.toContain(CALCULATING_TEXT);
  });

  it('has a keyboard-focusable info button whose tooltip lists the income sources', async () => {
    await renderPage(null);
    const info = [...document.querySelectorAll('button')].find((b) =>
      b.textContent?.includes('What counts as income?'),
    )!;
    await act(async () => info.focus());
    await settle(2);
    expect(document.activeElement).toBe(info);
    await waitFor(() =>
      expect(document.querySelector('[role="tooltip"]')?.textContent).toBe(INCOME_SOURCES_TOOLTIP),
    );
  });

  it('shows the save failure and stays', async () => {
    const { router } = await renderPage(300000, { status: 500, body: {} });
    await submit();
    expect(document.querySelector('[role="dialog"]')?.textContent).toContain(MESSAGES.saveFailed);
    expect(router.state.location.pathname).toBe('/income/provide-monthly-income');
  });
});
