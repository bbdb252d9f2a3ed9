import { act, StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from './app/app';
import { createAppRouter } from './app/router';
import { PRERENDERED_PATHS, renderPage } from './prerender';

// The browser takes over a prerendered page as it is (hydration): its first render must draw exactly what the
// build drew, or React warns and draws the page again. Here with React's development build, which reports
// every difference, down to an attribute.

// Drawing on the server and in the browser in one process leaves React's development bookkeeping saying two
// renderers share the contexts; a page in a browser never has both, so that one message is set aside.
const SAME_PROCESS = 'Detected multiple renderers concurrently rendering the same context provider';

// React's act() flushes the hydration's work before the checks (Testing Library turns this on for its own
// renders; this test calls React directly).
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('the prerendered pages', () => {
  it.each(PRERENDERED_PATHS)('%s hydrates without a difference', async (path) => {
    const { html } = await renderPage(path);
    const container = document.createElement('div');
    container.id = 'root';
    container.innerHTML = html;
    document.body.append(container);
    // A visitor from a campaign: the query string changes nothing on the page.
    window.history.replaceState(null, '', `${path}?utm_source=google`);

    const warnings: string[] = [];
    for (const level of ['error', 'warn'] as const) {
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => warnings.push(args.join(' ')));
    }
    const recoverable: unknown[] = [];
    const router = await createAppRouter({ prerendered: true });
    await act(async () => {
      root = hydrateRoot(
        container,
        <StrictMode>
          <App router={router} />
        </StrictMode>,
        { onRecoverableError: (error) => recoverable.push(error) },
      );
    });

    expect(recoverable).toEqual([]);
    expect(warnings.filter((warning) => !warning.startsWith(SAME_PROCESS))).toEqual([]);
    // Nothing was drawn again: the markup is still the build's (read back through the same parser), but for
    // the one change taking over makes: the lead form's button, which waits for the script, now sends.
    const drawn = document.createElement('div');
    drawn.innerHTML = html;
    drawn.querySelector('button[type="submit"]')?.removeAttribute('disabled');
    expect(container.innerHTML).toBe(drawn.innerHTML);
  });

  it('/lead keeps what was typed before the take-over, formatted as typing would have', async () => {
    const container = document.createElement('div');
    container.innerHTML = (await renderPage('/lead')).html;
    document.body.append(container);
    window.history.replaceState(null, '', '/lead');
    const field = (name: string) => container.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
    // Typed into the prerendered inputs, before any script ran (as a browser's autofill does too).
    field('firstName').value = 'Ana';
    field('phoneNumber').value = '2025550111';
    field('agreedToTerms').checked = true;

    const router = await createAppRouter({ prerendered: true });
    await act(async () => {
      root = hydrateRoot(
        container,
        <StrictMode>
          <App router={router} />
        </StrictMode>,
      );
    });

    expect(field('firstName').value).toBe('Ana');
    expect(field('phoneNumber').value).toBe('202-555-0111');
    expect(field('agreedToTerms').checked).toBe(true);
    expect(container.querySelector('button[type="submit"]')).toBeEnabled();
  });
});
