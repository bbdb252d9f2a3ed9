import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Download, Locator, Page } from '@playwright/test';
import { pdfLayoutText } from '#tests/support/pdf-text';
import { type Applicant, DESKTOP, PHONE, shownDollars, waitForPath } from './support/apply';
import { checkAccessibility, expect, test, watchContext } from './support/axe';
import { reportFailure, snap, visible, watchErrors } from './support/browser';
import {
  BANK_PASSWORD,
  BANK_USER,
  QUALIFYING_HOUSEHOLD,
  QUALIFYING_INCOME,
  QUALIFYING_PERSON,
} from './support/enroll';
import { createStaffUser, firstStaffSignIn, type NewStaff, WIDE } from './support/portal';
import { journeyEnv, startServer, type TestServer } from './support/server';

/**
 * The borrower's whole journey in Spanish, on a phone (390 px): the English landing page's language switch
 * leads to /es/lead, and from there the application, the offer, the bank connection, the signing email, the
 * Letter of Authorization and, once a counsellor has passed quality control and recorded the creditors'
 * answers (in the English service portal), the set-password email, the sign-in and My plan. Every borrower
 * page must say `<html lang="es">` and show its Spanish heading or label, is checked with axe and pictured
 * at 390 px (test-results/screenshots/es-*-390.png); the emails and the letter (the PDF before signing and the
 * signed copy the email attaches) are read for their Spanish too.
 *
 * The borrower is enrollment.e2e.ts's Alex Morgan with the same household, income and restaurants line, so the
 * offer is known to qualify; only the email and phone are this journey's own. The labels are the Spanish of
 * src/domain/i18n/catalogs/es/*.json: a label that changes there changes here.
 */
const BORROWER: Applicant = {
  ...QUALIFYING_PERSON,
  email: 'alex.en.espanol@example.com',
  phone: '2025550161',
};
const FULL_NAME = `${BORROWER.firstName} ${BORROWER.lastName}`;
const BORROWER_PASSWORD = 'Sol#Brillante42';

/** The dependents select's options, as the shared household names them in English. */
const DEPENDENTS = { One: 'Uno', Two: 'Dos', Three: 'Tres', 'Four+': 'Cuatro o más' } as const;
const RESTAURANTS = 'Restaurantes, incluida la comida a domicilio';
/** A calendar day as Spanish writes it: '5 de diciembre de 2026'. */
const SPANISH_DATE = String.raw`\d{1,2} de [a-z]+ de \d{4}`;

const staff: NewStaff = {
  email: 'sofia.counsellor@agency.org',
  temporaryPassword: '',
  password: 'Staff#Pass9',
  firstName: 'Sofia',
  lastName: 'Counsellor',
  phone: '3125550101',
};

let server: TestServer;
/** What the borrower saw on /offers/review, for the later checks of the plan. */
let offers: { name: string; newPayment: number }[] = [];
/** The phone's cookies after the application: the language it chose stays with it. */
let phoneCookies: Awaited<ReturnType<BrowserContext['cookies']>> = [];
let signed = false;
let transferred = false;

test.beforeAll(async () => {
  const env = await journeyEnv();
  // The CLI writes to the embedded database before the server opens it.
  staff.temporaryPassword = await createStaffUser(env, {
    email: staff.email,
    name: `${staff.firstName} ${staff.lastName}`,
  });
  server = await startServer(env);
});

test.afterAll(async () => {
  await server?.stop();
});

test.use({ viewport: PHONE });

/** A picture of the page at 390 px; a Spanish page wider than the phone (longer words) fails softly. */
async function shot(page: Page, name: string): Promise<void> {
  await snap(page, `es-${name}-390`);
  expect
    .soft(
      await page.evaluate(() => document.documentElement.scrollWidth),
      `es-${name} is wider than the phone`,
    )
    .toBe(PHONE.width);
}

/**
 * A borrower page in Spanish: `<html lang="es">` and its Spanish heading or label shown, then axe and a
 * picture. `name` tells states of one page apart.
 */
async function spanishPage(page: Page, shows: Locator, name: string, axeName?: string): Promise<void> {
  await visible(shows, 30_000);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await checkAccessibility(page, axeName);
  await shot(page, name);
}

/** A Yes/No question (Sí/No): its fieldset is named by the question. */
async function answer(page: Page, question: string, yes: boolean): Promise<void> {
  await page
    .getByRole('group', { name: question })
    .getByLabel(yes ? 'Sí' : 'No', { exact: true })
    .check();
}

/** The newest email to `to` whose text has `hasText`, in the dev mailbox in `mailbox`, once delivered. */
async function mailIn(mailbox: Page, to: string, hasText: string): Promise<Locator> {
  await mailbox.goto(`${server.url}/dev/mailbox`);
  const mail = mailbox.locator('article', { hasText: to }).filter({ hasText });
  // The job queue sends it shortly after what caused it.
  await expect
    .poll(
      async () => {
        await mailbox.reload();
        return mail.getByText(/delivered/).count();
      },
      { timeout: 30_000, intervals: [500] },
    )
    .toBeGreaterThan(0);
  await checkAccessibility(mailbox, '/dev/mailbox', { oncePerTest: true });
  return mail.first();
}

/** A PDF's text as a reader gets it (pdftotext), with its lines joined so sentences read whole. */
const pdfWords = (pdf: Uint8Array): string => pdfLayoutText(pdf).join('\n').replace(/\s+/g, ' ');

/** The text of a PDF the browser downloaded. */
const downloadedText = async (download: Download): Promise<string> =>
  pdfWords(new Uint8Array(await readFile((await download.path())!)));

/** The Letter of Authorization written in Spanish for this borrower (before or after signing). */
function expectSpanishLetter(text: string): void {
  expect(text).toContain('Carta de autorización');
  expect(text).toContain(`Yo, ${FULL_NAME}, autorizo a`);
  for (const words of [
    'Acreedor',
    'Cuenta',
    'Saldo',
    'Nuevo pago mensual',
    'Antes de firmar, se me informó que:',
  ])
    expect(text).toContain(words);
  expect(text).toMatch(new RegExp(`de cada mes, \\d+ cargos en total, el primero el ${SPANISH_DATE}`));
  expect(text).toMatch(/página 1 de \d/);
  expect(text).not.toContain('Letter of Authorization');
  expect(text).not.toContain('I authorize');
}

/** A new phone-sized context that keeps the cookies given (and whose pages axe watches). */
async function phone(browser: Browser, cookies: typeof phoneCookies): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: PHONE, acceptDownloads: true });
  await context.addCookies(cookies);
  await watchContext(context);
  return context;
}

test.describe('the borrower’s journey in Spanish', () => {
  // The second and third steps build on the first; each may take up to 5 minutes on a busy machine.
  test.describe.configure({ mode: 'serial', timeout: 300_000 });

  test('from the Spanish landing page to a signed Letter of Authorization, on a phone', async ({
    context,
    page,
  }) => {
    const errors = watchErrors(page);
    await reportFailure(page, errors, 'es-failure-apply', async () => {
      // The English landing page (the browser asks for English); its language switch leads to Spanish.
      await page.goto(`${server.url}/lead`);
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await visible(page.getByRole('form', { name: 'Start your application' }));
      await checkAccessibility(page, '/lead');
      await page.getByRole('link', { name: 'Español' }).click();
      await waitForPath(page, '/es/lead');

      // /es/lead: the lead form in Spanish.
      const form = page.getByRole('form', { name: 'Comience su solicitud' });
      await spanishPage(page, form, 'lead');
      await visible(page.getByRole('link', { name: 'English' }));
      await form.getByLabel('Nombre', { exact: true }).fill(BORROWER.firstName);
      await form.getByLabel('Apellido', { exact: true }).fill(BORROWER.lastName);
      await form.getByLabel('Correo electrónico').fill(BORROWER.email);
      await form.getByLabel('Número de teléfono').fill(BORROWER.phone);
      await form.getByRole('checkbox').check();
      // Sent by the form's script (sent earlier, the browser's own submission would do the same).
      await expect(form).toHaveAttribute('data-taken-over');
      await shot(page, 'lead-filled');
      await form.getByRole('button', { name: 'Comenzar' }).click();

      // /hardships.
      await waitForPath(page, '/hardships');
      await spanishPage(
        page,
        page.getByText('¿Está pasando actualmente por alguna de las siguientes situaciones?'),
        'hardships',
      );
      await page.getByLabel('Reducción de ingresos').check();
      await page.getByLabel('Aumento de los gastos médicos').check();
      await page.getByRole('button', { name: 'Continuar', exact: true }).click();

      // /household: the qualifying household, answered in Spanish.
      await waitForPath(page, '/household');
      await spanishPage(page, page.getByText('Cuéntenos sobre su hogar').first(), 'household-empty');
      await answer(page, '¿Tiene dependientes?', true);
      await page
        .getByLabel('Número de dependientes')
        .selectOption({ label: DEPENDENTS[QUALIFYING_HOUSEHOLD.dependents] });
      await answer(page, '¿Es dueño de su vivienda?', QUALIFYING_HOUSEHOLD.isHomeowner);
      await page
        .getByLabel('Costo mensual estimado de vivienda')
        .pressSequentially(QUALIFYING_HOUSEHOLD.housingCost);
      await answer(page, '¿Tiene automóvil?', QUALIFYING_HOUSEHOLD.isCarOwner);
      // The lead's answers are already there.
      await expect(page.getByLabel('Nombre', { exact: true })).toHaveValue(BORROWER.firstName);
      await expect(page.getByLabel('Apellido', { exact: true })).toHaveValue(BORROWER.lastName);
      const street = page.getByRole('combobox', { name: 'Dirección', exact: true });
      await street.pressSequentially(QUALIFYING_HOUSEHOLD.addressQuery, { delay: 30 });
      const suggestion = page.getByRole('option', { name: QUALIFYING_HOUSEHOLD.addressChoice });
      await visible(suggestion, 10_000);
      await visible(page.getByRole('listbox', { name: 'Sugerencias para Dirección' }));
      await checkAccessibility(page, '/household (address suggestions)');
      await shot(page, 'household-suggestions');
      await suggestion.click();
      await expect(page.getByLabel('Ciudad', { exact: true })).toHaveValue('Durango');
      await expect(page.getByLabel('Código postal')).toHaveValue('81303');
      await page.getByLabel('Fecha de nacimiento').pressSequentially(BORROWER.dateOfBirth);
      await answer(page, '¿Presenta la solicitud con su cónyuge?', false);
      await checkAccessibility(page, '/household (answered)');
      await shot(page, 'household');
      await page.getByRole('button', { name: 'Continuar', exact: true }).click();

      // /credit: the consent to the soft inquiry.
      await waitForPath(page, '/credit');
      await spanishPage(page, page.getByRole('heading', { name: 'Verifiquemos sus deudas' }), 'credit');
      await page.getByRole('checkbox', { name: /^Autorizo a .+ a obtener mi informe de crédito/ }).check();
      await page.getByRole('button', { name: 'Continuar', exact: true }).click();

      // /eligible-debts: every eligible debt starts in the plan.
      await waitForPath(page, '/eligible-debts');
      const debts = page.getByRole('list', { name: 'Deudas elegibles' });
      await spanishPage(page, debts, 'eligible-debts');
      expect(await debts.getByRole('listitem').count()).toBeGreaterThanOrEqual(5);
      await visible(debts.getByText('Saldo').first());
      await page.getByRole('button', { name: 'Continuar', exact: true }).click();

      // /income/provide-monthly-income: the income typed (the bank box above it left alone).
      await waitForPath(page, '/income/provide-monthly-income');
      await spanishPage(page, page.getByText('Cuéntenos sobre sus ingresos').first(), 'income');
      await visible(page.getByRole('region', { name: 'Verifique sus ingresos conectando su banco' }));
      await page
        .getByLabel('Ingresos mensuales totales del hogar después de impuestos')
        .pressSequentially(QUALIFYING_INCOME);
      await page.getByRole('button', { name: 'Continuar', exact: true }).click();

      // /expenses: the restaurants line cut to $200, as the English journeys do, so the offer is the one known.
      await waitForPath(page, '/expenses');
      await spanishPage(page, page.getByText('Verifique los gastos de su hogar').first(), 'expenses');
      await page.getByRole('button', { name: `Editar ${RESTAURANTS}` }).click();
      const restaurants = page.getByLabel(RESTAURANTS, { exact: true });
      await restaurants.fill('');
      await restaurants.pressSequentially('200');
      await checkAccessibility(page, '/expenses (editing a line)');
      await shot(page, 'expenses-editing');
      await page.getByRole('button', { name: `Enviar ${RESTAURANTS}` }).click();
      await expect(restaurants).toBeHidden();
      await page.getByRole('button', { name: 'Guardar y continuar' }).click();

      // /offers/review: the offer, one card per creditor on a phone.
      await waitForPath(page, '/offers/review');
      await spanishPage(
        page,
        page
          .getByText('¡Felicidades! Es posible que usted califique para un plan de manejo de deudas')
          .first(),
        'offers',
      );
      const cards = page.locator('[data-offer-card]');
      await expect.poll(() => cards.count()).toBeGreaterThanOrEqual(2);
      offers = [];
      for (const card of await cards.all()) {
        const figure = (label: string) =>
          card.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('+ dd');
        await visible(figure('Saldo actual'));
        offers.push({
          name: ((await card.locator('h3').evaluate((h) => h.firstChild?.textContent)) ?? '').trim(),
          newPayment: shownDollars(await figure('Nuevo pago mensual').textContent()),
        });
      }
      await page
        .getByLabel(/^He leído los términos del plan y las divulgaciones anteriores, y acepto el plan/)
        .check();
      await shot(page, 'offers-accepting');
      await page.getByRole('button', { name: 'Aceptar mi plan' }).click();

      // /payments/next-steps.
      await waitForPath(page, '/payments/next-steps');
      await spanishPage(page, page.getByRole('heading', { level: 1, name: 'Próximos pasos' }), 'next-steps');
      await visible(page.getByText('Conecte su banco para que podamos configurar su pago mensual.'));
      await page.getByRole('button', { name: 'Continuar', exact: true }).click();

      // /payments/payment-account-options: the sandbox bank's link dialog, in Spanish too.
      await waitForPath(page, '/payments/payment-account-options');
      await spanishPage(
        page,
        page.getByRole('heading', { level: 1, name: 'Conecte su banco' }),
        'payment-options',
      );
      await page.getByRole('button', { name: 'Conectar su banco', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Conexión bancaria de prueba' });
      await visible(dialog);
      await checkAccessibility(page, '/payments/payment-account-options (bank dialog)');
      await shot(page, 'payment-options-dialog');
      await visible(dialog.getByRole('heading', { name: 'Elija su banco' }));
      await dialog.getByRole('button', { name: /^First Platypus Bank/ }).click();
      await visible(dialog.getByRole('heading', { name: 'Inicie sesión en First Platypus Bank' }));
      await dialog.getByLabel('Nombre de usuario').fill(BANK_USER);
      await dialog.getByLabel('Contraseña', { exact: true }).fill(BANK_PASSWORD);
      await dialog.getByRole('button', { name: 'Iniciar sesión' }).click();
      await visible(dialog.getByRole('heading', { name: 'Elija las cuentas' }));
      await dialog.getByRole('button', { name: 'Continuar' }).click();
      await expect(dialog).toBeHidden();

      // /payments/confirm-payment-account: Enviar with nothing chosen, then the checking account.
      await waitForPath(page, '/payments/confirm-payment-account');
      const accounts = page.getByRole('group', { name: 'Cuenta de pago' }).getByRole('radio');
      await expect.poll(() => accounts.count()).toBeGreaterThan(0);
      await spanishPage(
        page,
        page.getByRole('heading', { level: 1, name: 'Confirme su cuenta de pago' }),
        'confirm-account',
      );
      // The sandbox's paydays move with the calendar: when the chosen day does not follow payday, the page
      // offers the day after it, in Spanish.
      const payday = page.getByRole('region', { name: '¿Cobrar su plan el día después de su día de pago?' });
      if (await payday.isVisible()) {
        await visible(payday.getByText(/^Su sueldo llega alrededor del día \d+; cobrar el día \d+ asegura/));
        await checkAccessibility(page, '/payments/confirm-payment-account (payday)');
        await shot(page, 'confirm-account-payday');
        await payday.getByRole('button', { name: /^Cobrar el día \d+ en su lugar$/ }).click();
        await visible(
          page
            .getByRole('status')
            .filter({ hasText: /^Listo: su plan se cobrará el día \d+ de cada mes\.$/ }),
        );
      }
      await page.getByRole('button', { name: 'Enviar', exact: true }).click();
      await visible(page.getByText('Seleccione una cuenta de pago.'));
      await checkAccessibility(page, '/payments/confirm-payment-account (required)');
      await shot(page, 'confirm-account-required');
      await page.getByRole('radio', { name: /Everyday Checking/ }).check();
      await page.getByRole('button', { name: 'Enviar', exact: true }).click();

      // /submitted: the letter waits for the signature; the plan's terms as the letter states them.
      await waitForPath(page, '/submitted');
      await visible(page.getByRole('listitem').filter({ hasText: FULL_NAME }).getByText('Aún sin firmar'));
      const terms = page.getByRole('region', { name: 'Los términos de su plan' });
      await visible(
        terms.getByText(/^\$[\d,]+\.\d{2}, que incluye nuestra tarifa mensual de \$[\d,]+\.\d{2}$/),
      );
      await visible(terms.getByText(new RegExp(`^${SPANISH_DATE}, y luego el día \\d{1,2} de cada mes$`)));
      await visible(
        terms.getByText(
          'Un cargo que vence en fin de semana o en un día festivo bancario se cobra el siguiente día hábil.',
        ),
      );
      for (const offer of offers)
        await visible(terms.getByRole('listitem').filter({ hasText: offer.name }).first());
      // Checked and pictured once the signers and the terms have loaded.
      await spanishPage(
        page,
        page.getByRole('heading', { level: 1, name: 'Se requiere su firma' }),
        'submitted',
      );

      // The signing email, in Spanish, in a tab of its own; its link opens the signing page there.
      const mailbox = await context.newPage();
      const mailErrors = watchErrors(mailbox);
      await reportFailure(mailbox, mailErrors, 'es-failure-sign', async () => {
        const signingMail = await mailIn(
          mailbox,
          BORROWER.email,
          'Por favor, firme su carta de autorización',
        );
        await visible(
          signingMail.getByText(`Hola, ${FULL_NAME}: su plan de manejo de deudas está casi listo.`, {
            exact: false,
          }),
        );
        await visible(
          signingMail.getByText('Por favor, revise y firme la carta de autorización.', { exact: false }),
        );
        await expect(signingMail).not.toContainText('Please sign');
        await snap(mailbox, 'es-email-signing-390');
        await signingMail.getByRole('link', { name: 'Revisar y firmar' }).click();
        await waitForPath(mailbox, '/sign-letter');
        await signLetterInSpanish(mailbox);
      });
      expect(mailErrors).toEqual([]);

      // The copy the borrower keeps: the email with the signed letter attached, both in Spanish.
      const signedMail = await mailIn(mailbox, BORROWER.email, 'Su carta de autorización firmada');
      await visible(
        signedMail.getByText('gracias por completar la carta de autorización. Adjuntamos su copia firmada.', {
          exact: false,
        }),
      );
      await snap(mailbox, 'es-email-letter-signed-390');
      const attachment = signedMail.getByRole('link', { name: 'Carta de autorización (firmada).pdf' });
      const response = await mailbox.request.get(
        new URL((await attachment.getAttribute('href'))!, server.url).href,
      );
      expect(response.headers()['content-type']).toContain('application/pdf');
      const signedText = pdfWords(new Uint8Array(await response.body()));
      expectSpanishLetter(signedText);
      // The sandbox e-signature service stamps the signature in the letter's language (a real one writes its own).
      expect(signedText).toContain(`Firmado electrónicamente por ${FULL_NAME} (titular)`);
      await mailbox.close();

      // Back on /submitted: the thank-you.
      await page.reload();
      await spanishPage(
        page,
        page.getByRole('heading', { level: 1, name: 'Gracias por completar la carta de autorización' }),
        'submitted-signed',
        '/submitted (signed)',
      );
      await visible(page.getByRole('heading', { name: 'Lo que sigue' }));
      // The phone remembers the language chosen on the landing page, for the pages it opens before signing in.
      phoneCookies = await context.cookies();
      expect(phoneCookies.find((c) => c.name === 'lang')?.value).toBe('es');
      signed = true;
    });
    expect(errors).toEqual([]);
  });

  test('a counsellor passes quality control and records the creditors’ answers: the plan goes to transfer', async ({
    page,
  }) => {
    expect(signed, 'the borrower signed (the first step)').toBe(true);
    // The service portal is in English, on its wide screen.
    await page.setViewportSize(WIDE);
    const errors = watchErrors(page);
    await reportFailure(page, errors, 'es-failure-staff', async () => {
      await firstStaffSignIn(page, server.url, staff);
      await visible(page.getByRole('button', { name: 'Date range Last 72 hours' }));
      await checkAccessibility(page, '/summary');
      await page
        .getByRole('navigation', { name: 'Service portal' })
        .getByRole('link', { name: 'Borrower Queue', exact: true })
        .click();
      await waitForPath(page, '/borrower-queue');
      await visible(page.getByRole('list', { name: 'Borrower tiles' }));
      await checkAccessibility(page, '/borrower-queue');
      await page.getByLabel('Search borrowers').fill(BORROWER.email);
      await page.getByLabel('Search borrowers').press('Enter');
      await page.waitForURL((url) => url.searchParams.get('searchValue') === BORROWER.email);
      const tiles = page.getByRole('list', { name: 'Borrower tiles' }).getByRole('listitem');
      await expect(tiles).toHaveCount(1);
      await tiles.getByRole('link', { name: FULL_NAME }).click();
      await page.waitForURL((url) => url.pathname === '/borrower-summary' && url.searchParams.has('id'));

      const overview = page.getByRole('region', { name: 'Overview' });
      await visible(overview.getByText('Counselor Review'));
      await checkAccessibility(page, '/borrower-summary');
      await overview.getByRole('button', { name: 'Claim', exact: true }).click();
      await visible(overview.getByRole('button', { name: 'Unclaim' }));
      await overview.getByRole('button', { name: 'Quality control' }).click();
      const qc = page.getByRole('dialog', { name: 'Quality control' });
      await visible(qc);
      for (const box of await qc.getByRole('group', { name: 'Checklist' }).getByRole('checkbox').all())
        await box.check();
      await qc.getByLabel('Passed', { exact: true }).check();
      await qc.getByRole('button', { name: 'Submit' }).click();
      await expect(qc).toBeHidden();
      await visible(overview.getByText('Creditor Review'));

      // The creditors' answers: the first declined (so the borrower pays it directly), the rest accepted.
      await page
        .getByRole('tablist', { name: 'Borrower details' })
        .getByRole('tab', { name: 'Decision' })
        .click();
      const offersRegion = page.getByRole('tabpanel').getByRole('region', { name: /^Offers \(\d+\)$/ });
      await visible(offersRegion);
      const answerButtons = offersRegion.getByRole('button', { name: /^Answer for / });
      await expect(answerButtons).toHaveCount(offers.length);
      const offer = page.getByRole('dialog');
      await answerButtons.first().click();
      await visible(offer);
      await offer
        .getByRole('group', { name: 'Was the offer accepted or declined?' })
        .getByLabel('Declined')
        .check();
      await offer.getByLabel('term too long').check();
      await offer.getByRole('button', { name: 'Submit' }).click();
      await expect(offer).toBeHidden();
      // The list drops the answered offer once the answer is saved: until then the loop below would answer the
      // same creditor again, as accepted.
      await expect(answerButtons).toHaveCount(offers.length - 1);
      while ((await answerButtons.count()) > 0) {
        const left = await answerButtons.count();
        await answerButtons.first().click();
        await visible(offer);
        await offer
          .getByRole('group', { name: 'Was the offer accepted or declined?' })
          .getByLabel('Accepted')
          .check();
        await offer.getByRole('group', { name: 'Payment method' }).getByLabel('ACH', { exact: true }).check();
        await offer.getByLabel('Email for remittance information').fill('remittance@creditor.example.com');
        await offer.getByLabel('Account Number').fill('123456789012');
        await offer.getByLabel('Routing Number').fill('021000021');
        await offer.getByRole('button', { name: 'Submit' }).click();
        await expect(offer).toBeHidden();
        await expect(answerButtons).toHaveCount(left - 1);
      }
      await visible(overview.getByText('Transfer', { exact: true }));
      transferred = true;
    });
    expect(errors).toEqual([]);
  });

  test('the borrower sets a password from the Spanish email, signs in and reads My plan in Spanish', async ({
    browser,
  }) => {
    expect(transferred, 'the plan is in transfer (the second step)').toBe(true);
    // The same phone: it kept the language chosen on the landing page; the session ends with the new password.
    const device = await phone(
      browser,
      phoneCookies.filter((c) => c.name === 'lang'),
    );
    const page = await device.newPage();
    const errors = watchErrors(page);
    await reportFailure(page, errors, 'es-failure-portal', async () => {
      // The set-password email, sent after the lead form, in Spanish.
      const mail = await mailIn(page, BORROWER.email, 'Termine de crear su cuenta');
      await visible(
        mail.getByText(
          `Hola, ${BORROWER.firstName}: gracias por comenzar su solicitud del plan de manejo de deudas.`,
          {
            exact: false,
          },
        ),
      );
      await visible(mail.getByText(/Su código de verificación es \w+\./));
      await expect(mail).not.toContainText('Set your password');
      await snap(page, 'es-email-set-password-390');
      await mail.getByRole('link', { name: 'Cree su contraseña' }).click();
      await waitForPath(page, '/reset-password');
      await spanishPage(page, page.getByRole('heading', { name: 'Cree su contraseña' }), 'set-password');
      await page.getByLabel('Nueva contraseña', { exact: true }).fill(BORROWER_PASSWORD);
      await page.getByLabel('Confirme la contraseña').fill(BORROWER_PASSWORD);
      await page.getByRole('button', { name: 'Crear contraseña' }).click();

      // /sign-in, then the customer portal's next steps.
      await waitForPath(page, '/sign-in');
      await spanishPage(page, page.getByLabel('Correo electrónico'), 'sign-in');
      await page.getByLabel('Correo electrónico').fill(BORROWER.email);
      await page.getByLabel('Contraseña', { exact: true }).fill(BORROWER_PASSWORD);
      await page.getByRole('button', { name: 'Iniciar sesión' }).click();
      await waitForPath(page, '/customer-portal/next-steps');
      await spanishPage(
        page,
        page.getByRole('heading', { name: 'Hable con su consejero de crédito' }),
        'portal-next-steps',
      );

      // My plan, from the portal's menu (a phone folds the links into it).
      const nav = page.getByRole('navigation', { name: 'Portal del cliente' });
      await nav.getByRole('button', { name: /^Menú/ }).click();
      await nav.getByRole('link', { name: 'Mi plan' }).click();
      await waitForPath(page, '/customer-portal/plan');
      const summary = page.getByRole('region', { name: 'Su plan', exact: true });
      await visible(summary, 30_000);
      await visible(page.getByText('Estamos poniendo en marcha su plan.'));
      const tile = (term: string) =>
        summary.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('+ dd');
      const monthly = shownDollars(await tile('Monto que se cobra cada mes').textContent());
      expect(monthly).toBeGreaterThan(0);
      await expect(tile('Próximo cargo')).toHaveText(new RegExp(`^${SPANISH_DATE}$`));
      await expect(tile('Plazo')).toHaveText(/^\d+ meses$/);
      const summaryText = (await summary.textContent()) ?? '';
      const split =
        /De cada cargo, \$([\d,]+) van a sus acreedores y \$([\d,]+) son la tarifa mensual de la agencia\./.exec(
          summaryText,
        );
      expect(split, 'the split of each draft is stated in Spanish').not.toBeNull();
      // The split is the new amount's. While the next draft is still due before the change applies (it depends
      // on today's date), the tile shows the old amount and the split says from which draft it holds.
      const change = /Su cargo mensual cambia de \$([\d,]+) a \$([\d,]+) a partir del cargo del /.exec(
        summaryText,
      );
      expect(change, 'the change is announced in Spanish').not.toBeNull();
      const [was, now] = [shownDollars(`$${change![1]}`), shownDollars(`$${change![2]}`)];
      expect(
        Math.abs(now - shownDollars(`$${split![1]}`) - shownDollars(`$${split![2]}`)),
      ).toBeLessThanOrEqual(1);
      if (new RegExp(`A partir del cargo del ${SPANISH_DATE}: De cada cargo`).test(summaryText))
        expect(monthly).toBe(was);
      else expect(monthly).toBe(now);
      // The decline changed the amount the letter authorized.
      await visible(
        summary
          .getByRole('status')
          .getByText(
            new RegExp(
              `^Su cargo mensual cambia de \\$[\\d,]+ a \\$[\\d,]+ a partir del cargo del ${SPANISH_DATE}\\.$`,
            ),
          ),
      );

      // The creditors, one card each on a phone: one declined (paid directly), the rest accepted.
      // One card per creditor (each card holds its proposal's own short list).
      const creditors = page
        .getByRole('region', { name: 'Sus acreedores' })
        .getByRole('list')
        .first()
        .locator(':scope > li');
      await expect(creditors).toHaveCount(offers.length);
      const declined = creditors.filter({ hasText: 'Rechazado' });
      await expect(declined).toHaveCount(1);
      await visible(declined.getByText(/^Pague usted directamente a .+: unos \$[\d,]+ al mes\.$/));
      const accepted = creditors.filter({ hasText: 'Aceptado' });
      await expect(accepted).toHaveCount(offers.length - 1);
      // Each accepted creditor is paid its offer's new monthly payment (whole dollars, as both pages show).
      for (const card of await accepted.all()) {
        const name = (await card.locator('p').first().textContent()) ?? '';
        const offer = offers.find((o) => name.startsWith(o.name));
        expect(offer, `an offer for ${name}`).toBeDefined();
        const paid = card.locator('dt', { hasText: /^Nuevo pago mensual$/ }).locator('+ dd');
        expect(shownDollars(await paid.textContent())).toBe(offer!.newPayment);
      }

      const payoff = page.getByRole('region', { name: 'Su camino para quedar libre de deudas' });
      await visible(
        payoff.getByText(
          // The interest saved, with the plan's fees beside it and the two netted.
          /^Libre de deudas en \d+ meses con el plan, o en \d+ meses con los pagos mínimos actuales\. Ahorro en intereses: \$[\d,]+, (menos las tarifas del plan de \$[\d,]+: \$[\d,]+ de ahorro en total|pero las tarifas del plan son \$[\d,]+: en total, el plan cuesta \$[\d,]+ más)\.$/,
        ),
      );
      await expect(page.getByText('Cargando el gráfico...')).toHaveCount(0);
      const letter = page.getByRole('region', { name: 'Carta de autorización', exact: true });
      await visible(letter.getByText(new RegExp(`^Firmada el ${SPANISH_DATE}$`)));
      await spanishPage(
        page,
        letter.getByRole('link', { name: 'Descargue su carta de autorización firmada' }),
        'plan',
      );

      // The signed letter from My plan is the Spanish one too.
      const download = page.waitForEvent('download');
      await letter.getByRole('link', { name: 'Descargue su carta de autorización firmada' }).click();
      expectSpanishLetter(await downloadedText(await download));

      // The portal's other pages: Settings, Alerts (none yet), and the account's email and password pages.
      const heading = (name: string) => page.getByRole('heading', { level: 1, name, exact: true });
      const portalPages = [
        ['/customer-portal/settings', heading('Configuración'), 'portal-settings'],
        ['/customer-portal/alerts', page.getByText('No tiene alertas.', { exact: false }), 'portal-alerts'],
        ['/customer-portal/change-email', heading('Cambiar el correo electrónico'), 'portal-change-email'],
        ['/customer-portal/change-password', heading('Cambiar la contraseña'), 'portal-change-password'],
      ] as const;
      for (const [path, shows, name] of portalPages) {
        await page.goto(`${server.url}${path}`);
        await spanishPage(page, shows, name);
      }
      // The portal on a desktop too (1280 px).
      await page.setViewportSize(DESKTOP);
      for (const [path, shows, name] of [
        [
          '/customer-portal/next-steps',
          page.getByRole('heading', { name: 'Hable con su consejero de crédito' }),
          'portal-next-steps',
        ],
        ['/customer-portal/plan', letter, 'plan'],
        ...portalPages,
      ] as const) {
        await page.goto(`${server.url}${path}`);
        await visible(shows, 30_000);
        await expect(page.locator('html')).toHaveAttribute('lang', 'es');
        await snap(page, `es-${name}-1280`);
        expect
          .soft(await page.evaluate(() => document.documentElement.scrollWidth), `es-${name} at 1280 px`)
          .toBe(DESKTOP.width);
      }
    });
    expect(errors).toEqual([]);
    await device.close();

    // Another device, whose browser asks for English and has no choice of its own: its sign-in page is
    // English, and once signed in the stored language brings the portal back to Spanish.
    const other = await browser.newContext({ viewport: PHONE });
    await watchContext(other);
    const elsewhere = await other.newPage();
    const elsewhereErrors = watchErrors(elsewhere);
    await reportFailure(elsewhere, elsewhereErrors, 'es-failure-other-device', async () => {
      await elsewhere.goto(`${server.url}/sign-in`);
      await expect(elsewhere.locator('html')).toHaveAttribute('lang', 'en');
      await elsewhere.getByLabel('Email address').fill(BORROWER.email);
      await elsewhere.getByLabel('Password', { exact: true }).fill(BORROWER_PASSWORD);
      await elsewhere.getByRole('button', { name: 'Sign In' }).click();
      await waitForPath(elsewhere, '/customer-portal/next-steps');
      await visible(elsewhere.getByRole('heading', { name: 'Hable con su consejero de crédito' }), 30_000);
      await expect(elsewhere.locator('html')).toHaveAttribute('lang', 'es');
      await checkAccessibility(elsewhere, '/customer-portal/next-steps (another device)');
    });
    expect(elsewhereErrors).toEqual([]);
    await other.close();
  });
});

/**
 * /sign-letter in Spanish: the consent to electronic records (refused until the letter is opened; the letter
 * downloaded is read for its Spanish), a wrong name refused, then the signature.
 */
async function signLetterInSpanish(page: Page): Promise<void> {
  await visible(page.getByRole('heading', { level: 1, name: 'Firme su carta de autorización' }), 30_000);
  await visible(page.getByText(`Firma como ${FULL_NAME}`));
  await visible(
    page.getByRole('heading', { level: 2, name: 'Su consentimiento para documentos y firmas electrónicos' }),
  );
  await visible(
    page.getByText('Las copias en papel son gratuitas: no tienen ningún costo.', { exact: false }),
  );
  const consent = page.getByLabel(
    'He leído la información anterior, pude abrir la carta y acepto recibir documentos y firmar de forma electrónica',
  );
  await expect(consent).toBeDisabled();
  await expect(consent).toHaveAccessibleDescription('Primero abra la carta para comprobar que puede leerla.');
  await expect(page.getByLabel('Nombre completo')).toHaveCount(0);
  await spanishPage(
    page,
    page.getByRole('heading', { level: 1, name: 'Firme su carta de autorización' }),
    'sign-letter-consent',
    '/sign-letter (consent)',
  );

  // The letter, opened before agreeing: a PDF written in Spanish.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Abrir la carta de autorización (PDF)' }).click();
  expectSpanishLetter(await downloadedText(await download));
  await expect(consent).toBeEnabled();
  await consent.check();
  await page.getByRole('button', { name: 'Acepto los documentos electrónicos' }).click();
  await visible(
    page.getByText('usted aceptó recibir documentos y firmar de forma electrónica', { exact: false }),
  );
  await checkAccessibility(page, '/sign-letter (signature)');
  await shot(page, 'sign-letter');

  // A wrong name first: refused on its field, in Spanish.
  const fullName = page.getByLabel('Nombre completo');
  await page.getByLabel('Acepto firmar esta carta de autorización de forma electrónica').check();
  await fullName.fill(`${BORROWER.firstName} Morganson`);
  await page.getByRole('button', { name: 'Firmar', exact: true }).click();
  await visible(page.getByText('El nombre que escribió no coincide con el nombre que figura en la carta.'));
  await expect(fullName).toHaveAttribute('aria-invalid', 'true');
  await checkAccessibility(page, '/sign-letter (name mismatch)');
  await shot(page, 'sign-letter-mismatch');
  await fullName.fill(FULL_NAME);
  await page.getByRole('button', { name: 'Firmar', exact: true }).click();
  await spanishPage(
    page,
    page.getByRole('heading', { level: 1, name: 'Carta de autorización firmada' }),
    'sign-letter-signed',
    '/sign-letter (signed)',
  );
  await visible(page.getByText(`Gracias, ${FULL_NAME}. Su carta de autorización está firmada.`));
}
