import type { BrowserContext, Locator, Page } from '@playwright/test';
import { type Applicant, DESKTOP, PHONE, waitForPath } from './support/apply';
import { checkAccessibility, expect, test, watchContext } from './support/axe';
import { reportFailure, snap, visible, watchErrors } from './support/browser';
import { journeyEnv, startServer, type TestServer } from './support/server';

/**
 * The Spanish pages the whole journey (spanish-journey.e2e.ts) does not reach, at 390 and 1280 px: the landing
 * pages, the legal pages, sign-in and forgot password, the page not found; and the two ends of an application
 * before an offer: a borrower in the District of Columbia (not served yet) asks to be told, and a thin credit
 * file ends not qualified. Each page says `<html lang="es">`, shows its Spanish heading, passes axe and does
 * not scroll sideways; its pictures are test-results/screenshots/es-<name>-{390,1280}.png.
 *
 * The texts are the Spanish of src/domain/i18n/catalogs/es/*.json: a text that changes there changes here.
 */

let server: TestServer;

test.beforeAll(async () => {
  server = await startServer(await journeyEnv());
});

test.afterAll(async () => {
  await server?.stop();
});

/** A context that reads Spanish: the visitor chose it (`?lang=es` on the first page keeps it in a cookie). */
async function spanishVisitor(context: BrowserContext, page: Page): Promise<void> {
  await watchContext(context);
  await page.goto(`${server.url}/sign-in?lang=es`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await visible(page.getByRole('button', { name: 'Iniciar sesión' }), 30_000);
  await checkAccessibility(page, '/sign-in');
}

/** The page in Spanish, checked by axe and pictured at both widths, neither wider than the window. */
async function spanishAtBothWidths(page: Page, shows: Locator, name: string): Promise<void> {
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await visible(shows, 30_000);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    if (size === PHONE) await checkAccessibility(page, `es ${name}`);
    await snap(page, `es-${name}-${size.width}`);
    expect
      .soft(await page.evaluate(() => document.documentElement.scrollWidth), `es-${name} scrolls sideways`)
      .toBe(size.width);
  }
  await page.setViewportSize(PHONE);
}

/** A Yes/No question (Sí/No): its fieldset is named by the question. */
async function answer(page: Page, question: string, yes: boolean): Promise<void> {
  await page
    .getByRole('group', { name: question })
    .getByLabel(yes ? 'Sí' : 'No', { exact: true })
    .check();
}

/**
 * An application in Spanish from /es/lead to the credit consent: no dependents, a renter without a car, at the
 * address suggested for `addressQuery`.
 */
async function applyInSpanish(
  page: Page,
  applicant: Applicant,
  address: { query: string; choice: string },
): Promise<void> {
  await page.goto(`${server.url}/es/lead`);
  const form = page.getByRole('form', { name: 'Comience su solicitud' });
  await form.getByLabel('Nombre', { exact: true }).fill(applicant.firstName);
  await form.getByLabel('Apellido', { exact: true }).fill(applicant.lastName);
  await form.getByLabel('Correo electrónico').fill(applicant.email);
  await form.getByLabel('Número de teléfono').fill(applicant.phone);
  await form.getByRole('checkbox').check();
  await expect(form).toHaveAttribute('data-taken-over');
  await checkAccessibility(page, '/es/lead (filled)');
  await form.getByRole('button', { name: 'Comenzar' }).click();

  await waitForPath(page, '/hardships');
  await page.getByLabel('Desempleo').check();
  await checkAccessibility(page, '/hardships');
  await page.getByRole('button', { name: 'Continuar', exact: true }).click();

  await waitForPath(page, '/household');
  await answer(page, '¿Tiene dependientes?', false);
  await answer(page, '¿Es dueño de su vivienda?', false);
  await page.getByLabel('Costo mensual estimado de vivienda').pressSequentially('1200');
  await answer(page, '¿Tiene automóvil?', false);
  const street = page.getByRole('combobox', { name: 'Dirección', exact: true });
  await street.pressSequentially(address.query, { delay: 30 });
  const suggestion = page.getByRole('option', { name: address.choice });
  await visible(suggestion, 10_000);
  await suggestion.click();
  await page.getByLabel('Fecha de nacimiento').pressSequentially(applicant.dateOfBirth);
  await answer(page, '¿Presenta la solicitud con su cónyuge?', false);
  await checkAccessibility(page, '/household');
  await page.getByRole('button', { name: 'Continuar', exact: true }).click();

  await waitForPath(page, '/credit');
  await page.getByRole('checkbox', { name: /^Autorizo a .+ a obtener mi informe de crédito/ }).check();
  await checkAccessibility(page, '/credit');
  await page.getByRole('button', { name: 'Continuar', exact: true }).click();
}

test.describe('the Spanish pages outside the journey', () => {
  test.describe.configure({ timeout: 240_000 });
  test.use({ viewport: PHONE });

  test('landing, legal and account pages, and the page not found', async ({ context, page }) => {
    const errors = watchErrors(page);
    await reportFailure(page, errors, 'es-failure-pages', async () => {
      await spanishVisitor(context, page);
      const heading = (name: string) => page.getByRole('heading', { level: 1, name, exact: true });

      await page.goto(`${server.url}/es/debt-relief`);
      await spanishAtBothWidths(
        page,
        heading('Alivio de deudas con un plan de manejo de deudas'),
        'debt-relief',
      );
      await page.goto(`${server.url}/es/debt-analysis`);
      await spanishAtBothWidths(
        page,
        heading('Un análisis de deudas gratuito, en menos de 5 minutos'),
        'debt-analysis',
      );
      await page.goto(`${server.url}/es/lead`);
      await spanishAtBothWidths(page, page.getByRole('form', { name: 'Comience su solicitud' }), 'lead-page');

      for (const [path, title, name] of [
        ['/privacy-policy', 'Política de privacidad', 'privacy-policy'],
        ['/terms-and-conditions', 'Términos y condiciones', 'terms-and-conditions'],
        ['/credit-report-policy', 'Política de informes de crédito', 'credit-report-policy'],
      ] as const) {
        await page.goto(`${server.url}${path}`);
        await spanishAtBothWidths(page, heading(title), name);
      }

      await page.goto(`${server.url}/sign-in`);
      await spanishAtBothWidths(page, page.getByRole('button', { name: 'Iniciar sesión' }), 'sign-in-page');
      await page.goto(`${server.url}/forgot-password`);
      await spanishAtBothWidths(page, heading('¿Olvidó su contraseña?'), 'forgot-password');
      await page.goto(`${server.url}/no-such-page`);
      await spanishAtBothWidths(page, heading('Página no encontrada'), 'not-found');
    });
    expect(errors).toEqual([]);
  });

  test('a borrower in the District of Columbia asks to be told when the service comes', async ({
    context,
    page,
  }) => {
    const errors = watchErrors(page);
    await reportFailure(page, errors, 'es-failure-notify', async () => {
      await spanishVisitor(context, page);
      const dana: Applicant = {
        firstName: 'Dana',
        lastName: 'Brooks',
        email: 'dana.en.espanol@example.com',
        phone: '2025550171',
        dateOfBirth: '11031990',
      };
      await applyInSpanish(page, dana, {
        query: '123 Main 20001',
        choice: '123 Main St, Washington, DC 20001',
      });

      await waitForPath(page, '/notify-when-eligible');
      await spanishAtBothWidths(
        page,
        page.getByRole('heading', { name: 'Nuestro servicio todavía no está disponible en su estado' }),
        'notify-when-eligible',
      );
      // The state's name as Spanish writes it.
      await visible(page.getByText('Distrito de Columbia', { exact: true }));
      await answer(
        page,
        '¿Desea que le avisemos cuando nuestro servicio esté disponible en su estado?',
        true,
      );
      await page.getByRole('button', { name: 'Continuar', exact: true }).click();
      await waitForPath(page, '/we-will-notify-you');
      await spanishAtBothWidths(
        page,
        page.getByRole('heading', { name: 'Le avisaremos' }),
        'we-will-notify-you',
      );
      await visible(page.getByText(`Gracias. Le avisaremos a ${dana.email}`, { exact: false }));
    });
    expect(errors).toEqual([]);
  });

  test('a thin credit file ends not qualified, told why in Spanish', async ({ context, page }) => {
    const errors = watchErrors(page);
    await reportFailure(page, errors, 'es-failure-not-qualified', async () => {
      await spanishVisitor(context, page);
      const taylor: Applicant = {
        firstName: 'Taylor',
        lastName: 'Thinfile',
        email: 'taylor.en.espanol@example.com',
        phone: '2025550172',
        dateOfBirth: '06151988',
      };
      await applyInSpanish(page, taylor, { query: '12 elm av', choice: '12 Elm Ave, Abingdon, VA 24211' });

      await waitForPath(page, '/eligible-debts');
      await expect(page.getByRole('checkbox')).toHaveCount(0);
      await spanishAtBothWidths(
        page,
        page.getByText('No encontramos deudas elegibles en su informe de crédito.', { exact: false }),
        'eligible-debts-empty',
      );
      await page.getByRole('button', { name: 'Continuar', exact: true }).click();
      await waitForPath(page, '/offers/not-qualified');
      await spanishAtBothWidths(
        page,
        page.getByRole('heading', { name: 'Gracias por su solicitud' }),
        'not-qualified',
      );
      await visible(page.getByText(/^Motivo: /).first());
    });
    expect(errors).toEqual([]);
  });
});
