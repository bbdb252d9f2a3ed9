// Helpers for component tests under happy-dom without @testing-library: act() rendering, typing that
// React sees, lookups by label and role. Imported by tests only.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, createElement, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { answerApi } from '#web/test/api-mock';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export type Mounted = { container: HTMLElement; root: Root; unmount: () => void };

export function mount(node: ReactNode): Mounted {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  act(() => root.render(node));
  return {
    container,
    root,
    unmount: () => {
      act(() => root.unmount());
      container.remove();
    },
  };
}

/** Lets pending promises, timers of 0 ms and React updates run. */
export async function settle(rounds = 5): Promise<void> {
  for (let i = 0; i < rounds; i++) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }
}

/** Waits until `check` stops throwing (or fails with its last error). */
export async function waitFor(check: () => void, timeoutMs = 2000): Promise<void> {
  const start = Date.now();
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() - start > timeoutMs) throw error;
      await settle(1);
    }
  }
}

/** The input a visible <label> with exactly this text points at. */
export function byLabel(label: string, root: ParentNode = document): HTMLInputElement {
  const found = [...root.querySelectorAll('label')].find((l) => l.textContent?.trim() === label);
  if (!found) throw new Error(`no label '${label}'`);
  const input = document.getElementById(found.htmlFor);
  if (!(input instanceof HTMLInputElement)) throw new Error(`label '${label}' points at no input`);
  return input;
}

export function buttonByName(name: string, root: ParentNode = document): HTMLButtonElement {
  const found = [...root.querySelectorAll('button')].find(
    (b) => (b.getAttribute('aria-label') ?? b.textContent?.trim()) === name,
  );
  if (!found) throw new Error(`no button named '${name}'`);
  return found;
}

/** Sets the value the way a keystroke does, through the native setter, so React's onChange fires. */
export function typeInto(input: HTMLInputElement, value: string): void {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  act(() => {
    input.focus();
    setter?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

export function blur(input: HTMLElement): void {
  act(() => {
    input.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
    input.blur();
  });
}

export async function submit(form: HTMLFormElement): Promise<void> {
  await act(async () => {
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
  });
  await settle();
}

/** The text of the element(s) an input's aria-describedby names. */
export function describedText(input: HTMLElement): string {
  return (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' | ');
}

/** Renders routes in a memory router inside a fresh QueryClient, starting at `initialEntry`. */
export function mountRoutes(
  routes: RouteObject[],
  initialEntry: string | { pathname: string; state?: unknown },
) {
  const router = createMemoryRouter(routes, { initialEntries: [initialEntry] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const mounted = mount(
    createElement(QueryClientProvider, { client: queryClient }, createElement(RouterProvider, { router })),
  );
  return { ...mounted, router, queryClient };
}

export type { ApiCall } from '#web/test/api-mock';

/** Canned answers keyed 'METHOD /path', recorded; now on Mock Service Worker (see #web/test/api-mock). */
export const mockApi = answerApi;
