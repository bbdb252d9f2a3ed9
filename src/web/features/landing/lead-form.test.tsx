import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '#domain/validation/messages';
import {
  byLabel,
  describedText,
  mockApi,
  mountRoutes,
  submit,
  typeInto,
  waitFor,
} from '../../components/ui/form/dom-test-helpers';
import { LeadForm, utmFromSearch } from './lead-form';

const realFetch = globalThis.fetch;
let unmount: (() => void) | undefined;
afterEach(() => {
  unmount?.();
  unmount = undefined;
  globalThis.fetch = realFetch;
  document.body.innerHTML = '';
  sessionStorage.clear();
});

function start(entry: string) {
  const app = mountRoutes(
    [
      { path: '/lead', Component: LeadForm },
      { path: '/hardships', Component: () => <p>hardships page</p> },
    ],
    entry,
  );
  unmount = app.unmount;
  typeInto(byLabel('First name'), 'Ana');
  typeInto(byLabel('Last name'), 'Diaz');
  typeInto(byLabel('Email address'), 'Ana@Example.com');
  typeInto(byLabel('Phone number'), '5550101234');
  const terms = [...document.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')][0];
  act(() => terms?.click());
  const form = app.container.querySelector('form');
  if (!form) throw new Error('no form');
  return { ...app, form };
}

describe('utmFromSearch', () => {
  it.each([
    ['', {}],
    ['?utm_source=google&utm_medium=cpc&x=1', { utmSource: 'google', utmMedium: 'cpc' }],
    [
      '?utm_campaign=spring&utm_content=%20ad%20&utm_term=debt&utm_source=',
      { utmCampaign: 'spring', utmContent: 'ad', utmTerm: 'debt' },
    ],
    [`?utm_term=${'a'.repeat(150)}`, { utmTerm: 'a'.repeat(100) }],
    // A link carrying characters the API refuses still sends a lead: they are dropped.
    ['?utm_source=go%00ogle&utm_medium=%E2%80%AEcpc&utm_term=%0A', { utmSource: 'google', utmMedium: 'cpc' }],
  ])('%s → %j', (search, expected) => {
    expect(utmFromSearch(new URLSearchParams(search))).toEqual(expected);
  });
});

describe('LeadForm', () => {
  it('sends the lead with the page utm parameters and goes to the next page', async () => {
    const calls = mockApi({
      'POST /api/lead': { status: 200, body: { next: '/hardships' } },
      'GET /api/session': { status: 200, body: { user: null } },
    });
    const app = start('/lead?utm_source=google&utm_campaign=spring');
    await submit(app.form);
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/hardships'));
    expect(calls[0]).toEqual({
      method: 'POST',
      path: '/api/lead',
      body: {
        firstName: 'Ana',
        lastName: 'Diaz',
        email: 'ana@example.com',
        phoneNumber: '555-010-1234',
        agreedToTerms: true,
        utm: { utmSource: 'google', utmCampaign: 'spring' },
      },
    });
  });

  it('shows an existing account under the email field and focuses it', async () => {
    mockApi({
      'POST /api/lead': {
        status: 409,
        body: { code: 'UsernameExistsException', message: MESSAGES.usernameExists },
      },
    });
    const app = start('/lead');
    await submit(app.form);
    const email = byLabel('Email address');
    await waitFor(() => expect(describedText(email)).toBe(MESSAGES.usernameExists));
    expect(document.activeElement).toBe(email);
    expect(app.router.state.location.pathname).toBe('/lead');
  });

  it('puts the server field errors on their fields', async () => {
    mockApi({
      'POST /api/lead': {
        status: 400,
        body: {
          code: 'ValidationError',
          message: 'Invalid',
          fieldErrors: { phoneNumber: 'Phone number is invalid' },
        },
      },
    });
    const app = start('/lead');
    await submit(app.form);
    const phone = byLabel('Phone number');
    await waitFor(() => expect(describedText(phone)).toBe('Phone number is invalid'));
    expect(phone.getAttribute('aria-invalid')).toBe('true');
  });

  it('shows other failures in the error modal', async () => {
    mockApi({ 'POST /api/lead': { status: 500, body: { code: 'Error', message: MESSAGES.saveFailed } } });
    const app = start('/lead');
    await submit(app.form);
    await waitFor(() =>
      expect(document.querySelector('[role="dialog"]')?.textContent).toContain(MESSAGES.saveFailed),
    );
  });
});
