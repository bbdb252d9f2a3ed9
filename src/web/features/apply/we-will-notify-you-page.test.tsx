import { afterEach, describe, expect, it } from 'vitest';
import { SITE } from '#domain/site';
import { mockApi, mountRoutes, waitFor, type Mounted } from '../../components/ui/form/dom-test-helpers';
import { Component as WeWillNotifyYouPage } from './we-will-notify-you-page';

let mounted: Mounted | undefined;
afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
  document.body.innerHTML = '';
});

describe('/we-will-notify-you', () => {
  it('confirms the email we will write to and gives the agency phone as a tel: link, whatever the status', async () => {
    mockApi({
      'GET /api/application': {
        status: 200,
        body: {
          id: 'app-1',
          status: 'disqualified',
          lastCompletedPage: 'NotifyWhenEligible',
          lastViewedPage: 'WeWillNotifyYou',
          borrower: { email: 'ana@example.com', state: 'DC', notifyWhenStateIsEligible: true },
        },
      },
    });
    const app = mountRoutes(
      [
        { path: '/we-will-notify-you', Component: WeWillNotifyYouPage },
        { path: '*', Component: () => <p>elsewhere</p> },
      ],
      '/we-will-notify-you',
    );
    mounted = app;
    await waitFor(() => expect(document.querySelector('h1')?.textContent).toBe('We will notify you'));
    expect(document.body.textContent).toContain('We will notify you at ana@example.com when our service');
    const phone = document.querySelector<HTMLAnchorElement>('a[href^="tel:"]');
    expect([phone?.getAttribute('href'), phone?.textContent]).toEqual([
      `tel:${SITE.phone.tel}`,
      SITE.phone.display,
    ]);
    expect(app.router.state.location.pathname).toBe('/we-will-notify-you');
    // No step of the progress bar belongs to this page.
    expect(document.querySelector('[aria-current="step"]')).toBeNull();
  });
});
