import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Language } from '#domain/i18n/language';
import { HOUSEHOLD_QUESTIONS } from '#domain/validation/application';
import { MESSAGES } from '#domain/validation/messages';
import { answerApi, type ApiCall } from '#web/test/api-mock';
import { renderRoutes } from '#web/test/render';
import { BORROWER_SESSION_REPLY } from '#web/test/sessions';
import type { ApplicationView } from './application-query';
import { Component as HouseholdPage } from './household-page';

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
    outcome: null,
    ...patch,
  };
}

const TITLE = 'Tell us about your household';
const TITLE_ES = 'Cuéntenos sobre su hogar';
let user: UserEvent;
let calls: ApiCall[];

async function renderPage(
  application: ApplicationView,
  put: { status: number; body?: unknown } = ok,
  language: Language = 'en',
) {
  calls = answerApi({
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
    // A street typed in full may ask for suggestions once typing rests; there are none.
    'GET /api/address-suggestions?query=1%20Elm%20St': { status: 200, body: { suggestions: [] } },
  });
  const app = renderRoutes(
    [
      { path: '/household', Component: HouseholdPage },
      { path: '*', Component: () => <p>elsewhere</p> },
    ],
    '/household',
    undefined,
    language,
  );
  user = app.user;
  await screen.findByRole('heading', { level: 1, name: language === 'es' ? TITLE_ES : TITLE });
  return { calls, router: app.router };
}
const ok = { status: 200, body: { next: '/credit' } };
const puts = () => calls.filter((c) => c.method === 'PUT');

/** The Yes/No question whose legend is `question`. */
const question = (text: string) => screen.getByRole('group', { name: text });
const hasQuestion = (text: string) => screen.queryByRole('group', { name: text }) !== null;
/** Answers a Yes/No question by clicking its choice; returns that radio. */
async function answer(text: string, choice: 'Yes' | 'No') {
  const radio = within(question(text)).getByRole<HTMLInputElement>('radio', { name: choice });
  await user.click(radio);
  return radio;
}

/** The borrower's part of the form ('About you') and the spouse's ('About your spouse'). */
const borrowerPart = () => screen.getByRole('region', { name: 'About you' });
const spouseGroup = () => screen.getByRole('group', { name: 'About your spouse' });
/** The labelled input or select of the borrower's part (or of the part given). */
const field = <T extends HTMLElement = HTMLInputElement>(label: string, part: HTMLElement = borrowerPart()) =>
  within(part).getByLabelText<T>(label);
/** A labelled field of the form outside the two people's parts. */
const formField = <T extends HTMLElement = HTMLInputElement>(label: string) =>
  screen.getByLabelText<T>(label);

/** Types as a person does, replacing what the field held. */
async function type(input: HTMLElement, text: string) {
  await user.clear(input);
  await user.type(input, text);
}

const submit = () => user.click(screen.getByRole('button', { name: 'Continue' }));

async function fillBorrower() {
  await type(field('Street address'), '1 Elm St');
  await type(field('City'), 'Austin');
  await user.selectOptions(field<HTMLSelectElement>('State'), 'TX');
  await type(field('Zip code'), '78701');
  await type(field('Date of birth'), '04151990');
}

describe('/household', () => {
  it('shows the follow-up questions only after Yes, and No clears the escrow answer', async () => {
    await renderPage(view());
    expect(screen.queryByLabelText('Number of dependents')).toBeNull();
    await answer(HOUSEHOLD_QUESTIONS.hasDependents, 'Yes');
    expect(
      [...(await screen.findByLabelText<HTMLSelectElement>('Number of dependents')).options].map(
        (o) => o.text,
      ),
    ).toEqual(['Select...', 'One', 'Two', 'Three', 'Four+']);
    expect(hasQuestion(HOUSEHOLD_QUESTIONS.hasMortgageEscrow)).toBe(false);
    await answer(HOUSEHOLD_QUESTIONS.isHomeowner, 'Yes');
    await answer(HOUSEHOLD_QUESTIONS.hasMortgageEscrow, 'Yes');
    await answer(HOUSEHOLD_QUESTIONS.isHomeowner, 'No');
    expect(hasQuestion(HOUSEHOLD_QUESTIONS.hasMortgageEscrow)).toBe(false);
    await answer(HOUSEHOLD_QUESTIONS.isHomeowner, 'Yes');
    const escrowYes = await answer(HOUSEHOLD_QUESTIONS.hasMortgageEscrow, 'No');
    expect(escrowYes).toBeChecked();
    expect(puts()).toEqual([]);
    // The email is the username: shown, not editable.
    expect(field('Email address').readOnly).toBe(true);
    expect(field('Email address')).toHaveValue('ana@example.com');
  });

  it('lists the 50 states and DC', async () => {
    await renderPage(view());
    const options = [...field<HTMLSelectElement>('State').options].slice(1);
    expect(options.length).toBe(51);
    expect(options.find((o) => o.value === 'DC')?.text).toBe('District of Columbia');
  });

  it('shows every missing answer under its field and focuses the first', async () => {
    await renderPage(view());
    await submit();
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
        `${HOUSEHOLD_QUESTIONS.hasDependents} is required`,
        `${HOUSEHOLD_QUESTIONS.isHomeowner} is required`,
        `${HOUSEHOLD_QUESTIONS.isCarOwner} is required`,
        `${HOUSEHOLD_QUESTIONS.hasSpouse} is required`,
      ]),
    );
    expect(screen.getAllByRole('radio')[0]).toHaveFocus();
    expect(formField('Estimated monthly housing cost')).toHaveAccessibleDescription(
      'Estimated monthly housing cost is required',
    );
    expect(field('City')).toHaveAccessibleDescription('City is required');
    expect(field('Address line 2')).toHaveAccessibleDescription(MESSAGES.addressLine2Hint);
    expect(puts()).toEqual([]);
  });

  it('asks a homeowner for the escrow answer at the first Continue, beside the other missing answers', async () => {
    await renderPage(view());
    await answer(HOUSEHOLD_QUESTIONS.isHomeowner, 'Yes');
    await submit();
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
        `${HOUSEHOLD_QUESTIONS.hasDependents} is required`,
        `${HOUSEHOLD_QUESTIONS.hasMortgageEscrow} is required`,
        `${HOUSEHOLD_QUESTIONS.isCarOwner} is required`,
        `${HOUSEHOLD_QUESTIONS.hasSpouse} is required`,
      ]),
    );
    expect(puts()).toEqual([]);
  });

  it.each([
    ['01012020', MESSAGES.under13],
    ['02302000', 'Date of birth is invalid'],
  ])('checks the date of birth %j', async (typed, message) => {
    await renderPage(view());
    await type(field('Date of birth'), typed);
    await submit();
    await waitFor(() => expect(field('Date of birth')).toHaveAccessibleDescription(message));
  });

  it('saves the household without a spouse and goes where the server says', async () => {
    const { router } = await renderPage(view());
    await answer(HOUSEHOLD_QUESTIONS.hasDependents, 'Yes');
    await user.selectOptions(formField<HTMLSelectElement>('Number of dependents'), '4');
    await answer(HOUSEHOLD_QUESTIONS.isHomeowner, 'No');
    await type(formField('Estimated monthly housing cost'), '1250');
    expect(formField('Estimated monthly housing cost')).toHaveValue('$1,250');
    await answer(HOUSEHOLD_QUESTIONS.isCarOwner, 'Yes');
    await fillBorrower();
    expect(field('Date of birth')).toHaveValue('04-15-1990');
    await answer(HOUSEHOLD_QUESTIONS.hasSpouse, 'No');
    await submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/credit'));
    expect(puts().map((c) => c.body)).toEqual([
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
  });

  describe('answers saved before', () => {
    const completed = (lastCompletedPage: ApplicationView['lastCompletedPage']) =>
      view({
        lastCompletedPage,
        household: {
          hasDependents: false,
          numberOfDependentsInHousehold: 0,
          isHomeowner: false,
          hasMortgageEscrow: false,
          monthlyRentOrMortgageAmount: 125_000,
          isCarOwner: true,
          hasSpouse: false,
        },
        borrower: {
          ...view().borrower,
          addressLine1: '1 Elm St',
          city: 'Austin',
          state: 'TX',
          zipCode: '78701',
          dateOfBirth: '04-15-1990',
        },
      });

    it('go on to /credit without saving again when nothing changed', async () => {
      const { router } = await renderPage(completed('Credit'));
      expect(formField('Estimated monthly housing cost')).toHaveValue('$1,250');
      // Changed and changed back is unchanged too.
      await type(field('City'), 'Dallas');
      await type(field('City'), 'Austin');
      await submit();
      await waitFor(() => expect(router.state.location.pathname).toBe('/credit'));
      expect(puts()).toEqual([]);
    });

    it('are saved again once one changed', async () => {
      const { router } = await renderPage(completed('Credit'));
      await type(field('City'), 'Dallas');
      await submit();
      await waitFor(() => expect(router.state.location.pathname).toBe('/credit'));
      expect(puts().map((c) => (c.body as { borrower: { city: string } }).borrower.city)).toEqual(['Dallas']);
    });

    it('are sent, unchanged as they are, while the page was never completed', async () => {
      const { router } = await renderPage(completed('Hardships'));
      await submit();
      await waitFor(() => expect(router.state.location.pathname).toBe('/credit'));
      expect(puts()).toHaveLength(1);
    });
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
      preferredLanguage: null,
    };
    await renderPage(saved);
    expect(formField('Estimated monthly housing cost')).toHaveValue('$0');
    await answer(HOUSEHOLD_QUESTIONS.hasSameAddressAsBorrower, 'Yes');
    expect(field('City', spouseGroup()).readOnly).toBe(true);
    expect(field('State', spouseGroup())).toHaveValue('Texas');
    await type(field('City'), 'Round Rock');
    await waitFor(() => expect(field('City', spouseGroup())).toHaveValue('Round Rock'));
    await answer(HOUSEHOLD_QUESTIONS.hasSameAddressAsBorrower, 'No');
    expect(field('City', spouseGroup()).readOnly).toBe(false);
    expect(field('City', spouseGroup())).toHaveValue('');
    expect(field<HTMLSelectElement>('State', spouseGroup())).toHaveValue('');
    await answer(HOUSEHOLD_QUESTIONS.hasSameAddressAsBorrower, 'Yes');
    const language = field<HTMLSelectElement>('Your spouse’s language', spouseGroup());
    expect([...language.options].map((o) => o.text)).toEqual([
      'The same as mine',
      'English',
      'Spanish (Español)',
    ]);
    await user.selectOptions(language, 'Spanish (Español)');
    await submit();
    await waitFor(() => expect(puts()).toHaveLength(1));
    const body = puts()[0]?.body as {
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
      preferredLanguage: 'es',
    });
  });

  it('asks for the spouse’s details when applying with one, and No drops them', async () => {
    await renderPage(view());
    await answer(HOUSEHOLD_QUESTIONS.hasSpouse, 'Yes');
    await submit();
    await waitFor(() =>
      expect(field('First name', spouseGroup())).toHaveAccessibleDescription('First name is required'),
    );
    expect(
      within(spouseGroup())
        .getAllByRole('alert')
        .map((a) => a.textContent),
    ).toContain(`${HOUSEHOLD_QUESTIONS.hasSameAddressAsBorrower} is required`);
    await type(field('First name', spouseGroup()), 'Luis');
    await answer(HOUSEHOLD_QUESTIONS.hasSpouse, 'No');
    expect(screen.queryByRole('group', { name: 'About your spouse' })).toBeNull();
    await answer(HOUSEHOLD_QUESTIONS.hasSpouse, 'Yes');
    // A change of mind brings back what was typed.
    expect(field('First name', spouseGroup())).toHaveValue('Luis');
    expect(puts()).toEqual([]);
  });

  it('fills the address from a suggestion picked with the keyboard', async () => {
    await renderPage(view());
    const street = field('Street address');
    expect(street.getAttribute('role')).toBe('combobox');
    await type(street, '12 Main');
    await waitFor(() => expect(street).toHaveAttribute('aria-expanded', 'true'), { timeout: 3000 });
    expect(calls.filter((c) => c.path.startsWith('/api/address-suggestions')).map((c) => c.path)).toEqual([
      '/api/address-suggestions?query=12%20Main',
    ]);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const listbox = screen.getByRole('listbox', { name: 'Street address suggestions' });
    expect(listbox.id).toBe(street.getAttribute('aria-controls'));
    expect(street.getAttribute('aria-activedescendant')).toBe(within(listbox).getAllByRole('option')[1]!.id);
    await user.keyboard('{Enter}');
    expect([
      street.value,
      field('City').value,
      field<HTMLSelectElement>('State').value,
      field('Zip code').value,
    ]).toEqual(['12 Main Ave', 'Boise', 'ID', '83702']);
    expect(street).toHaveAttribute('aria-expanded', 'false');
    expect(puts()).toEqual([]);
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
    await waitFor(() => expect(field('Zip code')).toHaveAccessibleDescription('Zip code is invalid'));
    expect(field('Zip code')).toHaveFocus();
  });
});

describe('/household in Spanish', () => {
  it('asks its questions, labels its fields and explains a missing answer in Spanish', async () => {
    await renderPage(view(), ok, 'es');
    expect(document.title).toContain(TITLE_ES);
    const dependents = within(question('¿Tiene dependientes?')).getByRole('radio', { name: 'Sí' });
    await user.click(dependents);
    expect(
      [...(await screen.findByLabelText<HTMLSelectElement>('Número de dependientes')).options]
        .slice(1)
        .map((o) => o.text),
    ).toEqual(['Uno', 'Dos', 'Tres', 'Cuatro o más']);
    const you = screen.getByRole('region', { name: 'Sobre usted' });
    expect(within(you).getByLabelText('Correo electrónico')).toHaveValue('ana@example.com');
    // The states in Spanish, in the order a Spanish reader looks for them.
    const states = [...within(you).getByLabelText<HTMLSelectElement>('Estado').options].map((o) => o.text);
    expect(states).toContain('Nueva York');
    expect(states).toContain('Carolina del Norte');
    expect(states).not.toContain('New York');
    expect(states.indexOf('Carolina del Norte')).toBeLessThan(states.indexOf('Colorado'));
    expect(states).toHaveLength(52);
    expect(within(you).getByLabelText('Línea 2 de la dirección')).toHaveAccessibleDescription(
      'Ej.: suite #, edificio #, apartamento #',
    );
    await user.click(
      within(question('¿Presenta la solicitud con su cónyuge?')).getByRole('radio', { name: 'Sí' }),
    );
    const spouse = screen.getByRole('group', { name: 'Sobre su cónyuge' });
    expect(within(spouse).getByLabelText('Correo electrónico (opcional)')).toBeInTheDocument();
    expect(within(spouse).getByLabelText('Número de teléfono (opcional)')).toBeInTheDocument();
    // The spouse's language is offered in the borrower's language.
    const language = within(spouse).getByLabelText<HTMLSelectElement>('El idioma de su cónyuge');
    expect([...language.options].map((o) => o.text)).toEqual([
      'El mismo que el mío',
      'Inglés (English)',
      'Español',
    ]);
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await waitFor(() =>
      expect(within(you).getByLabelText('Ciudad')).toHaveAccessibleDescription(
        'Ciudad: este dato es obligatorio',
      ),
    );
    expect(puts()).toEqual([]);
  });
});
