import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answeredLeadPage } from '#domain/validation/answered-lead-page';
import { MARKED_ANSWER, type LeadFormAnswer } from '#domain/validation/lead-form-answer';
import type { Language } from '#domain/i18n/language';
import { SITE } from '#domain/site';
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
async function prerendered(path: string, language: Language = 'en', address = path) {
  vi.resetModules();
  const { renderPage } = await import('./prerender');
  const { html } = await renderPage(path, undefined, language);
  const container = document.createElement('div');
  container.id = 'root';
  container.innerHTML = html;
  document.body.append(container);
  document.documentElement.lang = language;
  window.history.replaceState(null, '', `${address}?utm_source=google`);
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
  it.each(PRERENDERED_PATHS.map((p) => [p.address, p] as const))(
    '%s hydrates without a difference',
    async (_, p) => {
      const { html, container, startLanding } = await prerendered(p.path, p.language, p.address);
      const warnings: string[] = [];
      for (const level of ['error', 'warn'] as const) {
        vi.spyOn(console, level).mockImplementation((...args: unknown[]) => warnings.push(args.join(' ')));
      }
      await act(() => startLanding(container));

      expect(warnings.filter((warning) => !warning.startsWith(SAME_PROCESS))).toEqual([]);
      // Nothing was drawn again: the markup is still the build's.
      expect(container.innerHTML).toBe(asParsed(html));
    },
  );

  it('/lead leaves its form as drawn until the visitor starts on it, then takes it over', async () => {
    const { html, container, startLanding } = await prerendered('/lead');
    const warnings: string[] = [];
    for (const level of ['error', 'warn'] as const) {
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => warnings.push(args.join(' ')));
    }
    await act(() => startLanding(container));
    const button = container.querySelector('button[type="submit"]')!;
    // Taken over without the form's code: its button still sends, as the browser's own form.
    expect(button).toBeEnabled();
    expect(container.querySelector('form')).toHaveAttribute('method', 'post');

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
    // Drawn as the build drew it; only marked as taken over.
    const form = container.querySelector('form')!;
    expect(form).toHaveAttribute('data-taken-over');
    form.removeAttribute('data-taken-over');
    expect(form.outerHTML).toBe(
      new DOMParser().parseFromString(asParsed(html), 'text/html').querySelector('form')!.outerHTML,
    );
  });

  it('/lead opens the video at the first tap on "See how it works", made before the page was taken over', async () => {
    const { container, startLanding } = await prerendered('/lead');
    for (const level of ['error', 'warn'] as const) vi.spyOn(console, level).mockImplementation(() => {});
    // As the entry (main.tsx) does: clicks held from the start, given back once the page is taken over.
    const { holdClicksUntilTakenOver } = await import('./held-clicks');
    const clicks = holdClicksUntilTakenOver();
    const link = [...container.querySelectorAll('a')].find((a) => a.textContent === 'See how it works')!;
    // The tap that starts the take-over: the plain link would only scroll to the section.
    const tap = new MouseEvent('click', { bubbles: true, cancelable: true });
    link.dispatchEvent(tap);
    expect(tap.defaultPrevented).toBe(true);
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    // React's act() runs the hydration's effects as it ends: the page tells it is taken over then.
    const { takenOver } = await act(() => startLanding(container));
    await takenOver;
    await act(async () => {
      clicks.release(true);
      // The modal's own code is fetched now.
      await new Promise((resolve) => setTimeout(resolve, 1000));
    });
    expect(document.querySelector('[role="dialog"]')).toHaveAccessibleName('How it works');
    expect(window.location.hash).toBe('');
  });

  it('/lead takes its form over at once when the visitor was in it before the script arrived', async () => {
    const { container, startLanding } = await prerendered('/lead');
    for (const level of ['error', 'warn'] as const) vi.spyOn(console, level).mockImplementation(() => {});
    const field = (name: string) => container.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
    // Typed and ticked while the page was still plain HTML: those events reached no listener.
    field('firstName').value = 'Ana';
    field('agreedToTerms').checked = true;
    await act(async () => {
      await startLanding(container);
      // No further event: the form is taken over all the same.
      await new Promise((resolve) => setTimeout(resolve, 1000));
    });
    expect(container.querySelector('form')).toHaveAttribute('data-taken-over');
    expect(field('firstName').value).toBe('Ana');
    expect(field('agreedToTerms').checked).toBe(true);
  });

  it("/lead as the server answers a form sent without the script: React's drawing, taken over as it stands", async () => {
    const answer: LeadFormAnswer = {
      values: {
        firstName: 'Ana <b>',
        lastName: '',
        email: 'ana@example',
        phoneNumber: '202-555-0111',
        agreedToTerms: true,
      },
      errors: { lastName: 'Last name is required', email: 'Email address is invalid' },
    };
    vi.resetModules();
    const { renderPage } = await import('./prerender');
    const marked = (await renderPage('/lead', MARKED_ANSWER)).html;
    // React drawing the same answer: what the server's filling in must give, value for value.
    const drawn = (await renderPage('/lead', answer)).html;
    const page = answeredLeadPage(`<body><div id="root">${marked}</div></body>`, answer);
    document.body.innerHTML = page.replace(/^<body>|<\/body>$/g, '');
    const container = document.getElementById('root')!;
    const field = (name: string) => container.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;

    // Without a script: the typed values, each failed field's message wired to it.
    expect(field('firstName').value).toBe('Ana <b>');
    expect(field('agreedToTerms').checked).toBe(true);
    expect(field('lastName')).toHaveAccessibleDescription('Last name is required');
    expect(field('email')).toHaveAccessibleDescription('Email address is invalid');
    expect(field('firstName')).not.toHaveAttribute('aria-invalid');
    // The same markup as React's, but for the values, which only the server writes into the tags.
    const withoutServerAttributes = (html: string) =>
      asParsed(html, (root) => {
        for (const input of root.querySelectorAll('input')) {
          for (const name of ['value', 'checked']) input.removeAttribute(name);
        }
      });
    expect(withoutServerAttributes(container.innerHTML)).toBe(withoutServerAttributes(drawn));

    window.history.replaceState(null, '', '/lead');
    vi.resetModules();
    const { startLanding } = await import('./landing-app');
    const warnings: string[] = [];
    for (const level of ['error', 'warn'] as const) {
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => warnings.push(args.join(' ')));
    }
    await act(() => startLanding(container));
    await act(async () => {
      field('phoneNumber').focus();
      await new Promise((resolve) => setTimeout(resolve, 1000));
    });
    expect(warnings.filter((warning) => !warning.startsWith(SAME_PROCESS))).toEqual([]);
    // Taken over where it stands: the messages and the values stay.
    expect(field('firstName').value).toBe('Ana <b>');
    expect(field('email').value).toBe('ana@example');
    expect(field('agreedToTerms').checked).toBe(true);
    expect(field('lastName')).toHaveAccessibleDescription('Last name is required');
    expect(field('phoneNumber')).toHaveFocus();
  });

  it('/es/lead is drawn in Spanish, its title too, and its switch goes to the English page', async () => {
    vi.resetModules();
    const { renderPage } = await import('./prerender');
    const { html, title } = await renderPage('/lead', undefined, 'es');
    const page = document.createElement('div');
    page.innerHTML = html;
    expect(page.querySelector('h1')).toHaveTextContent('La forma gratuita de pagar sus tarjetas de crédito');
    expect(page.querySelector('form')).toHaveAccessibleName('Comience su solicitud');
    expect(html).toContain('Al seleccionar Comenzar, usted acepta');
    expect(title).toBe(`Pague sus tarjetas de crédito | ${SITE.companyName}`);
    const english = [...page.querySelectorAll('a')].find((a) => a.textContent === 'English');
    expect(english).toHaveAttribute('href', '/lead?lang=en');
    expect(english).toHaveAttribute('lang', 'en');
    // The English page keeps its English title.
    expect((await renderPage('/lead')).title).toBe(`Pay off your credit cards | ${SITE.companyName}`);
  });

  it('/es/debt-relief links Get Started to the Spanish lead page', async () => {
    vi.resetModules();
    const { renderPage } = await import('./prerender');
    const { html } = await renderPage('/debt-relief', undefined, 'es');
    const page = document.createElement('div');
    page.innerHTML = html;
    const getStarted = [...page.querySelectorAll('a')].filter((a) => a.textContent === 'Comenzar');
    expect(getStarted.length).toBeGreaterThan(0);
    for (const link of getStarted) expect(link).toHaveAttribute('href', '/es/lead#get-started');
  });
});
