import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HARDSHIP_LABELS, HARDSHIPS_QUESTION } from '#domain/validation/application';
import { MESSAGES } from '#domain/validation/messages';
import { Component as HardshipsPage } from './hardships-page';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const NONE = {
  hasHousingIssues: false,
  hasIncreasedMedicalExpenses: false,
  hasReductionInIncome: false,
  isUnemployed: false,
  other: false,
};
const saved = (
  hardships: Partial<typeof NONE> = {},
  status = 'inProgress',
  lastViewedPage = 'Hardships',
) => ({
  id: 'app-1',
  status,
  lastCompletedPage: 'Lead',
  lastViewedPage,
  hardships: { ...NONE, ...hardships },
});

type Reply = { status: number; body?: unknown };
let replies: { get: Reply; put: Reply };
let puts: unknown[];
let container: HTMLDivElement;
let root: Root;
let router: ReturnType<typeof createMemoryRouter>;

beforeEach(() => {
  puts = [];
  replies = { get: { status: 200, body: saved() }, put: { status: 200, body: { next: '/household' } } };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      if (url === '/api/application' && method === 'GET')
        return Response.json(replies.get.body, { status: replies.get.status });
      if (url === '/api/application/hardships' && method === 'PUT') {
        puts.push(JSON.parse(String(init.body)));
        return Response.json(replies.put.body, { status: replies.put.status });
      }
      throw new Error(`unexpected ${method} ${url}`);
    }),
  );
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

async function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  router = createMemoryRouter(
    [
      { path: '/hardships', Component: HardshipsPage },
      { path: '*', Component: () => <p>elsewhere</p> },
    ],
    { initialEntries: ['/hardships'] },
  );
  await act(async () =>
    root.render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    ),
  );
  await settle();
}

/** Lets fetches, react-hook-form's async validation and navigation finish. */
async function settle() {
  for (let i = 0; i < 5; i++) await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

const checkbox = (label: string) => {
  const found = [...document.querySelectorAll('label')]
    .find((l) => l.textContent === label)
    ?.querySelector('input');
  if (!found) throw new Error(`no checkbox ${label}`);
  return found;
};
const continueButton = () =>
  [...document.querySelectorAll('button')].find((b) => b.textContent === 'Continue')!;

async function submit() {
  await act(async () => continueButton().click());
  await settle();
}

describe('/hardships', () => {
  it('shows the question, the five options prefilled from the saved application, and step 1 as current', async () => {
    replies.get.body = saved({ isUnemployed: true, other: true });
    await renderPage();
    expect(document.querySelector('legend h1')?.textContent).toBe(HARDSHIPS_QUESTION);
    expect(document.body.textContent).toContain('Select all that apply');
    expect(Object.values(HARDSHIP_LABELS).map((label) => checkbox(label).checked)).toEqual([
      false,
      false,
      false,
      true,
      true,
    ]);
    expect(document.querySelector('[aria-current="step"]')?.textContent).toContain('Personal Information');
  });

  it('shows the message under the group and focuses the first option when nothing is selected', async () => {
    await renderPage();
    await submit();
    const alert = document.querySelector('[role="alert"]');
    expect(alert?.textContent).toBe('Please select at least one option.');
    expect(document.activeElement).toBe(checkbox(HARDSHIP_LABELS.hasHousingIssues));
    expect(puts).toEqual([]);

    // Ticking an option clears the message (re-validated on change after the first submit).
    await act(async () => checkbox(HARDSHIP_LABELS.other).click());
    await settle();
    expect(document.querySelector('[role="alert"]')).toBeNull();
  });

  it('saves the answers and goes where the server says', async () => {
    await renderPage();
    await act(async () => checkbox(HARDSHIP_LABELS.hasReductionInIncome).click());
    await submit();
    expect(puts).toEqual([{ ...NONE, hasReductionInIncome: true }]);
    expect(router.state.location.pathname).toBe('/household');
  });

  it('shows the save failure in the error modal and stays', async () => {
    replies.put = { status: 500, body: { code: 'InternalError', message: 'boom' } };
    await renderPage();
    await act(async () => checkbox(HARDSHIP_LABELS.other).click());
    await submit();
    expect(document.querySelector('[role="dialog"]')?.textContent).toContain(MESSAGES.saveFailed);
    expect(router.state.location.pathname).toBe('/hardships');
  });

  it('shows the server’s reason when the application moved on meanwhile, then goes where it stands', async () => {
    const message = 'Your application has moved past this step, so these answers can no longer be changed.';
    replies.put = { status: 409, body: { code: 'Conflict', message, redirect: '/offers/review' } };
    await renderPage();
    await act(async () => checkbox(HARDSHIP_LABELS.other).click());
    await submit();
    expect(document.querySelector('[role="dialog"]')?.textContent).toContain(message);
    const ok = [...document.querySelectorAll('button')].find((b) => b.textContent === 'OK')!;
    await act(async () => ok.click());
    await settle();
    expect(router.state.location.pathname).toBe('/offers/review');
  });

  it('sends a borrower whose application moved on to where it stands', async () => {
    replies.get.body = saved({ other: true }, 'signContract', 'Submitted');
    await renderPage();
    expect(router.state.location.pathname).toBe('/submitted');
  });
});
