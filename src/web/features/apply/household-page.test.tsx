import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { HOUSEHOLD_QUESTIONS } from '#domain/validation/application';
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
} from '#web/components/ui/form/dom-test-helpers';
import { BORROWER_SESSION_REPLY } from '#web/test/sessions';
import type { ApplicationView } from './application-query';
import { Component as HouseholdPage } from './household-page';

let mounted: Mounted | undefined;
afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
  document.body.innerHTML = '';
});

const person = {
  firstName: null,
  lastName: null,
  email: null,
  phoneNumber: null,
  addressLine1: null,
  addressLine2: null,
  city: null,
  state: null,
  zipCode: null,
  dateOfBirth: null,
  consentedToCreditPolicy: null,
};

function view(patch: Partial<ApplicationView> = {}): ApplicationView {
  return {
    id: 'app-1',
    status: 'inProgress',
    lastCompletedPage: 'Hardships',
    lastViewedPage: 'Household',
    hardships: {
      hasHousingIssues: false,
      hasIncreasedMedicalExpenses: false,
      hasReductionInIncome: false,
      isUnemployed: false,
      other: true,
    },
    household: {
      hasDependents: null,
      numberOfDependentsInHousehold: null,
      isHomeowner: null,
      hasMortgageEscrow: null,
      monthlyRentOrMortgageAmount: null,
      isCarOwner: null,
      hasSpouse: null,
    },
    borrower: {
      ...person,
      firstName: 'Ana',
      lastName: 'Diaz',
      email: 'ana@example.com',
      phoneNumber: '555-010-1234',
      notifyWhenStateIsEligible: null,
    },
    spouse: null,
    hasPulledCredit: false,
    selfReportedMonthlyCurrentIncome: null,
    estimatedShortfall: null,
    incomeThreshold: null,
    verifiedMonthlyCurrentIncome: null,
    connectedBankName: null,
    reasonForNotConnectingBank: null,
    ...patch,
  };
}

async function renderPage(application: ApplicationView, put: { status: number; body?: unknown } = ok) {
  const calls = mockApi({
    'GET /api/session': BORROWER_SESSION_REPLY,
    'GET /api/application': { status: 200, body: application },
    'PUT /api/application/household': put,
    'GET /api/address-suggestions?query=12%20Main': {
      status: 200,
      body: {
        suggestions: [
          {
            label: '12 Main St, Austin, TX 78701',
            addressLine1: '12 Main St',
            city: 'Austin',
            state: 'TX',
            zipCode: '78701',
          },
          {
            label: '12 Main Ave, Boise, ID 83702',
            addressLine1: '12 Main Ave',
            city: 'Boise',
            state: 'ID',
            zipCode: '83702',
          },
        ],
      },
    },
  });
  const app = mountRoutes(
    [
      { path: '/household', Component: HouseholdPage },
      { path: '*', Component: () => <p>elsewhere</p> },
    ],
    '/household',
  );
  mounted = app;
  await waitFor(() => expect(document.querySelector('h1')?.textContent).toBe('Tell us about your household'));
  return { calls, router: app.router };
}
const ok = { status: 200, body: { next: '/credit' } };

/** The radio of a Yes/No question (the first group with that legend inside `root`). */
async function answer(question: string, choice: 'Yes' | 'No', root: ParentNode = document) {
  const fieldset = [...root.querySelectorAll('fieldset')].find(
    (f) => f.querySelector('legend')?.textContent === question,
  );
  if (!fieldset) throw new Error(`no question ${question}`);
  const radio = [...fieldset.querySelectorAll('label')]
    .find((l) => l.textContent === choice)
    ?.querySelector('input');
  if (!radio) throw new Error(`no ${choice}`);
  await act(async () => radio.click());
  await settle(2);
  return radio;
}
const hasQuestion = (question: string) =>
  [...document.querySelectorAll('legend')].some((legend) => legend.textContent === question);

function selectByLabel(label: string, root: ParentNode = document): HTMLSelectElement {
  const found = [...root.querySelectorAll('label')].find((l) => l.textContent === label);
  const select = found && document.getElementById(found.htmlFor);
  if (!(select instanceof HTMLSelectElement)) throw new Error(`no select ${label}`);
  return select;
}
function choose(select: HTMLSelectElement, value: string) {
  act(() => {
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}
const spouseGroup = () => document.querySelector<HTMLElement>('[aria-labelledby="household-spouse"]')!;

async function submit() {
  const button = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Continue')!;
  await act(async () => button.click());
  await settle();
}

function fillBorrower() {
  typeInto(byLabel('Street address'), '1 Elm St');
  typeInto(byLabel('City'), 'Austin');
  choose(selectByLabel('State'), 'TX');
  typeInto(byLabel('Zip code'), '78701');
  typeInto(byLabel('Date of birth'), '04151990');
}

describe('/household', () => {
  it('shows the follow-up questions only after Yes, and No clears the escrow answer', async () => {
    const { calls } = await renderPage(view());
    expect(() => selectByLabel('Number of dependents')).toThrow();
    await answer(HOUSEHOLD_QUESTIONS.hasDependents, 'Yes');
    expect([...selectByLabel('Number of dependents').options].map((o) => o.text)).toEqual([
      'Select...',
      'One',
      'Two',
      'Three',
      'Four+',
    ]);
    expect(hasQuestion(HOUSEHOLD_QUESTIONS.hasMortgageEscrow)).toBe(false);
    await answer(HOUSEHOLD_QUESTIONS.isHomeowner, 'Yes');
    await answer(HOUSEHOLD_QUESTIONS.hasMortgageEscrow, 'Yes');
    await answer(HOUSEHOLD_QUESTIONS.isHomeowner, 'No');
    expect(hasQuestion(HOUSEHOLD_QUESTIONS.hasMortgageEscrow)).toBe(false);
    await answer(HOUSEHOLD_QUESTIONS.isHomeowner, 'Yes');
    const escrowYes = await answer(HOUSEHOLD_QUESTIONS.hasMortgageEscrow, 'No');
    expect(escrowYes.checked).toBe(true);
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
    // The email is the username: shown, not editable.
    expect(byLabel('Email address').readOnly).toBe(true);
    expect(byLabel('Email address').value).toBe('ana@example.com');
  });

  it('lists the 50 states and DC', async () => {
    await renderPage(view());
    const options = [...selectByLabel('State').options].slice(1);
    expect(options.length).toBe(51);
    expect(options.find((o) => o.value === 'DC')?.text).toBe('District of Columbia');
  });

  it('shows every missing answer under its field and focuses the first', async () => {
    const { calls } = await renderPage(view());
    await submit();
    const first = document.querySelector<HTMLInputElement>('input[type="radio"]')!;
    expect(document.activeElement).toBe(first);
    const alerts = [...document.querySelectorAll('[role="alert"]')].map((a) => a.textContent);
    expect(alerts).toEqual([
      `${HOUSEHOLD_QUESTIONS.hasDependents} is required`,
      `${HOUSEHOLD_QUESTIONS.isHomeowner} is required`,
      `${HOUSEHOLD_QUESTIONS.isCarOwner} is required`,
      `${HOUSEHOLD_QUESTIONS.hasSpouse} is required`,
    ]);
    expect(describedText(byLabel('Estimated monthly housing cost'))).toBe(
      'Estimated monthly housing cost is required',
    );
    expect(describedText(byLabel('City'))).toBe('City is required');
    expect(describedText(byLabel('Address line 2'))).toBe(MESSAGES.addressLine2Hint);
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it.each([
    ['01012020', MESSAGES.under13],
    ['02302000', 'Date of birth is invalid'],
  ])('checks the date of birth %j', async (typed, message) => {
    await renderPage(view());
    typeInto(byLabel('Date of birth'), typed);
    await submit();
    expect(describedText(byLabel('Date of birth'))).toBe(message);
  });

  it('saves the household without a spouse and goes where the server says', async () => {
    const { calls, router } = await renderPage(view());
    await answer(HOUSEHOLD_QUESTIONS.hasDependents, 'Yes');
    choose(selectByLabel('Number of dependents'), '4');
    await answer(HOUSEHOLD_QUESTIONS.isHomeowner, 'No');
    typeInto(byLabel('Estimated monthly housing cost'), '1250');
    expect(byLabel('Estimated monthly housing cost').value).toBe('$1,250');
    await answer(HOUSEHOLD_QUESTIONS.isCarOwner, 'Yes');
    fillBorrower();
    expect(byLabel('Date of birth').value).toBe('04-15-1990');
    await answer(HOUSEHOLD_QUESTIONS.hasSpouse, 'No');
    await submit();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      {
        hasDependents: true,
        numberOfDependentsInHousehold: 4,
        isHomeowner: false,
        hasMortgageEscrow: false,
        monthlyRentOrMortgageAmount: 125000,
        isCarOwner: true,
        borrower: {
          firstName: 'Ana',
          lastName: 'Diaz',
          phoneNumber: '555-010-1234',
          addressLine1: '1 Elm St',
          city: 'Austin',
          state: 'TX',
          zipCode: '78701',
          dateOfBirth: '04-15-1990',
        },
        hasSpouse: false,
        spouse: null,
      },
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/credit'));
  });

  it('keeps a same-address spouse in step with the borrower, and No empties the spouse address', async () => {
    const saved = view({
      household: {
        hasDependents: false,
        numberOfDependentsInHousehold: 0,
        isHomeowner: true,
        hasMortgageEscrow: true,
        monthlyRentOrMortgageAmount: 0,
        isCarOwner: false,
        hasSpouse: true,
      },
    });
    saved.borrower = {
      ...saved.borrower,
      addressLine1: '1 Elm St',
      city: 'Austin',
      state: 'TX',
      zipCode: '78701',
      dateOfBirth: '04-15-1990',
    };
    saved.spouse = {
      ...person,
      firstName: 'Luis',
      lastName: 'Diaz',
      dateOfBirth: '05-20-1989',
      hasSameAddressAsBorrower: null,
    };
    const { calls } = await renderPage(saved);
    expect(byLabel('Estimated monthly housing cost').value).toBe('$0');
    await answer(HOUSEHOLD_QUESTIONS.hasSameAddressAsBorrower, 'Yes');
    expect(byLabel('City', spouseGroup()).readOnly).toBe(true);
    expect(byLabel('State', spouseGroup()).value).toBe('Texas');
    typeInto(byLabel('City'), 'Round Rock');
    await settle();
    expect(byLabel('City', spouseGroup()).value).toBe('Round Rock');
    await answer(HOUSEHOLD_QUESTIONS.hasSameAddressAsBorrower, 'No');
    expect(byLabel('City', spouseGroup()).readOnly).toBe(false);
    expect(byLabel('City', spouseGroup()).value).toBe('');
    expect(selectByLabel('State', spouseGroup()).value).toBe('');
    await answer(HOUSEHOLD_QUESTIONS.hasSameAddressAsBorrower, 'Yes');
    await submit();
    const body = calls.find((c) => c.method === 'PUT')?.body as {
      spouse: unknown;
      hasMortgageEscrow: boolean;
    };
    expect(body.hasMortgageEscrow).toBe(true);
    expect(body.spouse).toEqual({
      firstName: 'Luis',
      lastName: 'Diaz',
      dateOfBirth: '05-20-1989',
      hasSameAddressAsBorrower: true,
      addressLine1: '1 Elm St',
      city: 'Round Rock',
      state: 'TX',
      zipCode: '78701',
    });
  });

  it('asks for the spouse’s details when applying with one, and No drops them', async () => {
    const { calls } = await renderPage(view());
    await answer(HOUSEHOLD_QUESTIONS.hasSpouse, 'Yes');
    await submit();
    expect(describedText(byLabel('First name', spouseGroup()))).toBe('First name is required');
    expect([...spouseGroup().querySelectorAll('[role="alert"]')].map((a) => a.textContent)).toContain(
      `${HOUSEHOLD_QUESTIONS.hasSameAddressAsBorrower} is required`,
    );
    typeInto(byLabel('First name', spouseGroup()), 'Luis');
    await settle();
    await answer(HOUSEHOLD_QUESTIONS.hasSpouse, 'No');
    expect(document.querySelector('[aria-labelledby="household-spouse"]')).toBeNull();
    await answer(HOUSEHOLD_QUESTIONS.hasSpouse, 'Yes');
    // A change of mind brings back what was typed.
    expect(byLabel('First name', spouseGroup()).value).toBe('Luis');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('fills the address from a suggestion picked with the keyboard', async () => {
    const { calls } = await renderPage(view());
    const street = byLabel('Street address');
    expect(street.getAttribute('role')).toBe('combobox');
    typeInto(street, '12');
    typeInto(street, '12 Main');
    await waitFor(() => expect(street.getAttribute('aria-expanded')).toBe('true'), 3000);
    expect(calls.filter((c) => c.path.startsWith('/api/address-suggestions')).map((c) => c.path)).toEqual([
      '/api/address-suggestions?query=12%20Main',
    ]);
    const key = (k: string) =>
      act(() =>
        street.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true })),
      );
    key('ArrowDown');
    key('ArrowDown');
    const listbox = document.getElementById(street.getAttribute('aria-controls')!)!;
    expect(street.getAttribute('aria-activedescendant')).toBe(
      listbox.querySelectorAll('[role="option"]')[1]!.id,
    );
    key('Enter');
    expect([
      street.value,
      byLabel('City').value,
      selectByLabel('State').value,
      byLabel('Zip code').value,
    ]).toEqual(['12 Main Ave', 'Boise', 'ID', '83702']);
    expect(street.getAttribute('aria-expanded')).toBe('false');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('puts the server’s field errors on the dotted fields', async () => {
    const saved = view({
      household: {
        hasDependents: false,
        numberOfDependentsInHousehold: 0,
        isHomeowner: false,
        hasMortgageEscrow: false,
        monthlyRentOrMortgageAmount: 90000,
        isCarOwner: false,
        hasSpouse: false,
      },
    });
    saved.borrower = {
      ...saved.borrower,
      addressLine1: '1 Elm St',
      city: 'Austin',
      state: 'TX',
      zipCode: '78701',
      dateOfBirth: '04-15-1990',
    };
    await renderPage(saved, {
      status: 400,
      body: {
        code: 'ValidationError',
        message: 'bad',
        fieldErrors: { 'borrower.zipCode': 'Zip code is invalid' },
      },
    });
    await submit();
    expect(describedText(byLabel('Zip code'))).toBe('Zip code is invalid');
    expect(document.activeElement).toBe(byLabel('Zip code'));
  });
});
