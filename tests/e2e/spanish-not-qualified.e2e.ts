import type { Page } from '@playwright/test';
import { OUTCOME_TEXTS, OUTCOMES } from '#domain/underwriting/outcomes';
import { type Applicant, DESKTOP, PHONE, waitForPath } from './support/apply';
import { checkAccessibility, expect, test } from './support/axe';
import { snap, visible, watchErrors } from './support/browser';
import { QUALIFYING_HOUSEHOLD } from './support/enroll';
import { journeyEnv, startServer, type TestServer } from './support/server';

/**
 * A borrower who applies in Spanish and does not qualify (the sandbox bureau has no file for the last name
 * Nofile, docs/providers.md) reads why on /offers/not-qualified and then in the not-qualified email, in the
 * dev mailbox: all of it Spanish, with no English sentence (the reason's title, why and next steps included).
 * The email is pictured at 390 and 1280 px and checked with axe.
 */
const BORROWER: Applicant = {
  firstName: 'Lucía',
  lastName: 'Nofile',
  email: 'lucia.nofile@example.com',
  phone: '2025550177',
  dateOfBirth: '07071990',
};
const SUBJECT = 'Sobre su solicitud del plan de manejo de deudas';

/** English a Spanish reader must not meet in this email: every outcome's words, and the email's own. */
const ENGLISH = [
  ...OUTCOMES.flatMap((outcome) => {
    const text = OUTCOME_TEXTS[outcome];
    return [text.title, text.why, ...text.nextSteps.flatMap((step) => [step.title, step.text])];
  }),
  'About your Debt Management Plan application',
  'thank you for taking the time to apply',
  'Why:',
  'What you can do',
  'Read this again on our website',
  'Questions? Call',
  'Monday - Friday',
];

let server: TestServer;

test.beforeAll(async () => {
  server = await startServer(await journeyEnv());
});

test.afterAll(async () => {
  await server?.stop();
});

test.use({ viewport: PHONE });

/** A Yes/No question (Sí/No): its fieldset is named by the question. */
async function answer(page: Page, question: string, yes: boolean): Promise<void> {
  await page
    .getByRole('group', { name: question })
    .getByLabel(yes ? 'Sí' : 'No', { exact: true })
    .check();
}

test('a Spanish borrower with no credit file reads the not-qualified email in Spanish, with no English', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const errors = watchErrors(page);

  await page.goto(`${server.url}/es/lead`);
  const form = page.getByRole('form', { name: 'Comience su solicitud' });
  await visible(form);
  await checkAccessibility(page, '/es/lead');
  await form.getByLabel('Nombre', { exact: true }).fill(BORROWER.firstName);
  await form.getByLabel('Apellido', { exact: true }).fill(BORROWER.lastName);
  await form.getByLabel('Correo electrónico').fill(BORROWER.email);
  await form.getByLabel('Número de teléfono').fill(BORROWER.phone);
  await form.getByRole('checkbox').check();
  await expect(form).toHaveAttribute('data-taken-over');
  await form.getByRole('button', { name: 'Comenzar' }).click();

  await waitForPath(page, '/hardships');
  await visible(page.getByText('¿Está pasando actualmente por alguna de las siguientes situaciones?'));
  await checkAccessibility(page, '/hardships');
  await page.getByLabel('Reducción de ingresos').check();
  await page.getByRole('button', { name: 'Continuar', exact: true }).click();

  await waitForPath(page, '/household');
  await answer(page, '¿Tiene dependientes?', false);
  await answer(page, '¿Es dueño de su vivienda?', false);
  await page.getByLabel('Costo mensual estimado de vivienda').pressSequentially('1500');
  await answer(page, '¿Tiene automóvil?', false);
  const street = page.getByRole('combobox', { name: 'Dirección', exact: true });
  await street.pressSequentially(QUALIFYING_HOUSEHOLD.addressQuery, { delay: 30 });
  const suggestion = page.getByRole('option', { name: QUALIFYING_HOUSEHOLD.addressChoice });
  await visible(suggestion, 10_000);
  await suggestion.click();
  await expect(page.getByLabel('Ciudad', { exact: true })).toHaveValue('Durango');
  await page.getByLabel('Fecha de nacimiento').pressSequentially(BORROWER.dateOfBirth);
  await answer(page, '¿Presenta la solicitud con su cónyuge?', false);
  await checkAccessibility(page, '/household');
  await page.getByRole('button', { name: 'Continuar', exact: true }).click();

  await waitForPath(page, '/credit');
  await visible(page.getByRole('heading', { name: 'Verifiquemos sus deudas' }));
  await checkAccessibility(page, '/credit');
  await page.getByRole('checkbox', { name: /^Autorizo a .+ a obtener mi informe de crédito/ }).check();
  await page.getByRole('button', { name: 'Continuar', exact: true }).click();

  // The page: why, in Spanish.
  await waitForPath(page, '/offers/not-qualified');
  await visible(page.getByRole('heading', { level: 1, name: 'Gracias por su solicitud' }), 30_000);
  await visible(page.getByRole('heading', { name: 'Motivo: No pudimos encontrar su expediente de crédito' }));
  await checkAccessibility(page, '/offers/not-qualified (in Spanish)');

  // The email, in the dev mailbox, once delivered.
  const mailbox = await page.context().newPage();
  await mailbox.goto(`${server.url}/dev/mailbox`);
  const mail = mailbox
    .locator('article.mail')
    .filter({ hasText: BORROWER.email })
    .filter({ has: mailbox.getByRole('heading', { name: SUBJECT }) });
  await expect
    .poll(
      async () => {
        await mailbox.reload();
        return mail.getByText(/delivered/).count();
      },
      { timeout: 30_000, intervals: [500] },
    )
    .toBeGreaterThan(0);
  await expect(mail).toHaveCount(1);
  // What the borrower reads: the subject, the text and the link (not the mailbox's own English around it).
  const read = [
    await mail.getByRole('heading').textContent(),
    await mail.locator('pre').textContent(),
    await mail.getByRole('link').first().textContent(),
  ].join('\n');
  expect(read).toContain('Hola, Lucía: gracias por tomarse el tiempo de presentar su solicitud.');
  expect(read).toContain(
    'Por qué: No pudimos encontrar su expediente de crédito. La agencia de crédito no encontró ningún expediente',
  );
  expect(read).toContain('Lo que puede hacer: Llámenos. Llámenos al (800) 555-0199');
  expect(read).toContain('de lunes a viernes');
  for (const english of ENGLISH)
    expect(read, `English in the Spanish email: ${english}`).not.toContain(english);

  await checkAccessibility(mailbox, '/dev/mailbox (the Spanish not-qualified email)');
  await mail.scrollIntoViewIfNeeded();
  await snap(mailbox, 'es-email-not-qualified-390');
  expect(await mailbox.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
  await mailbox.setViewportSize(DESKTOP);
  await mail.scrollIntoViewIfNeeded();
  await snap(mailbox, 'es-email-not-qualified-1280');
  expect(await mailbox.evaluate(() => document.documentElement.scrollWidth)).toBe(DESKTOP.width);
  await mailbox.close();

  expect(errors).toEqual([]);
});
