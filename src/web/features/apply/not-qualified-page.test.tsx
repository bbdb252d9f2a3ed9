import { afterEach, describe, expect, it } from 'vitest';
import { SITE } from '#domain/site';
import { MESSAGES } from '#domain/validation/messages';
import { mockApi, mountRoutes, waitFor, type Mounted } from '../../components/ui/form/dom-test-helpers';
import { Component as NotQualifiedPage } from './not-qualified-page';

let mounted: Mounted | undefined;
afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
  document.body.innerHTML = '';
});

function renderPage(reply: Parameters<typeof mockApi>[0][string]) {
  mockApi({ 'GET /api/application': reply });
  const app = mountRoutes(
    [
      { path: '/offers/not-qualified', Component: NotQualifiedPage },
      { path: '*', Component: () => <p>elsewhere</p> },
    ],
    '/offers/not-qualified',
  );
  mounted = app;
  return app;
}

describe('/offers/not-qualified', () => {
  it('thanks the user and gives the phone with the hours, whatever the status', async () => {
    const app = renderPage({
      status: 200,
      body: {
        id: 'app-1',
        status: 'disqualified',
        lastCompletedPage: 'Credit',
        lastViewedPage: 'NotQualified',
      },
    });
    await waitFor(() =>
      expect(document.querySelector('h1')?.textContent).toBe('Thank you for your application'),
    );
    expect(document.body.textContent).toContain('you do not qualify for a Debt Management Plan at this time');
    const phone = document.querySelector<HTMLAnchorElement>('a[href^="tel:"]');
    expect([phone?.getAttribute('href'), phone?.textContent]).toEqual([
      `tel:${SITE.phone.tel}`,
      SITE.phone.display,
    ]);
    expect(document.body.textContent).toContain('Monday - Friday 9AM - 5PM EST');
    expect(app.router.state.location.pathname).toBe('/offers/not-qualified');
  });

  it('offers a retry when the application cannot be read', async () => {
    renderPage({ status: 500, body: {} });
    await waitFor(() =>
      expect(document.querySelector('[role="alert"]')?.textContent).toContain(MESSAGES.applicationLoadFailed),
    );
  });
});
