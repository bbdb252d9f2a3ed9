import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PRERENDERED_PATHS } from './prerender';

// The browser takes over a prerendered page as it is (hydration): its first render must draw exactly what the
// build drew, or React warns and draws the page again. Here with React's development build, which reports
// every difference, down to an attribute.

// Drawing on the server and in the browser in one process leaves React's development bookkeeping saying two
// renderers share the contexts; a page in a browser never has both, so that one message is set aside.
const SAME_PROCESS = 'Detected multiple renderers concurrently rendering the same context provider';

// React's act() flushes the hydration's work before the checks (Testing Library turns this on for its own
// renders; this test calls React directly).
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

/** The build's HTML of `path` in a fresh root, at that address (with a campaign's query string). */
async function prerendered(path: string) {
  vi.resetModules();
  const { renderPage } = await import('./prerender');
  const { html } = await renderPage(path);
  const container = document.createElement('div');
  container.id = 'root';
  container.innerHTML = html;
  document.body.append(container);
  window.history.replaceState(null, '', `${path}?utm_source=google`);
  // The browser's modules afresh, as a visitor's browser has them: nothing loaded yet (drawing the page here
  // loaded the lead form's code into this process).
  vi.resetModules();
  const { startLanding } = await import('./landing-app');
  return { html, container, startLanding };
}

/** The markup as the build drew it, read back through the same parser. */
function asParsed(html: string, change: (drawn: HTMLElement) => void = () => undefined) {
  const drawn = document.createElement('div');
  drawn.innerHTML = html;
  change(drawn);
  return drawn.innerHTML;
}

describe('the prerendered pages', () => {
  it.each(PRERENDERED_PATHS)('%s hydrates without a difference', async (path) => {
    const { html, container, startLanding } = await prerendered(path);
    const warnings: string[] = [];
    for (const level of ['error', 'warn'] as const) {
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => warnings.push(args.join(' ')));
    }
    await act(() => startLanding(container));

    expect(warnings.filter((warning) => !warning.startsWith(SAME_PROCESS))).toEqual([]);
    // Nothing was drawn again: the markup is still the build's.
    expect(container.innerHTML).toBe(asParsed(html));
  });

  it('/lead leaves its form as drawn until the visitor starts on it, then takes it over', async () => {
    const { html, container, startLanding } = await prerendered('/lead');
    const warnings: string[] = [];
    for (const level of ['error', 'warn'] as const) {
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => warnings.push(args.join(' ')));
    }
    await act(() => startLanding(container));
    const button = container.querySelector('button[type="submit"]')!;
    // Taken over without the form: its button still waits.
    expect(button).toBeDisabled();

    const field = (name: string) => container.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
    // Typed into the form before its code arrived (as a browser's autofill does too).
    field('firstName').value = 'Ana';
    field('phoneNumber').value = '2025550111';
    field('agreedToTerms').checked = true;

    await act(async () => {
      field('firstName').focus();
      // Its code is fetched now; the take-over follows.
      await new Promise((resolve) => setTimeout(resolve, 1000));
    });

    expect(button).toBeEnabled();
    // What was typed is kept, formatted as typing would have.
    expect(field('firstName').value).toBe('Ana');
    expect(field('phoneNumber').value).toBe('202-555-0111');
    expect(field('agreedToTerms').checked).toBe(true);
    expect(warnings.filter((warning) => !warning.startsWith(SAME_PROCESS))).toEqual([]);
    expect(container.querySelector('form')!.outerHTML).toBe(
      new DOMParser()
        .parseFromString(
          asParsed(html, (drawn) =>
            drawn.querySelector('button[type="submit"]')?.removeAttribute('disabled'),
          ),
          'text/html',
        )
        .querySelector('form')!.outerHTML,
    );
  });
});
