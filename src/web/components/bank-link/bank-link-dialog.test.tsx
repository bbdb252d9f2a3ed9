import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sandboxBankHint } from '#domain/enrollment/sandbox-bank-hints';
import { MESSAGE_REFS, MESSAGES } from '#domain/validation/messages';
import type { Language } from '#domain/i18n/language';
import { englishIn } from '#tests/support/english-in-spanish';
import { answerApi } from '#web/test/api-mock';
import { renderElement } from '#web/test/render';
import { BankLinkDialog, SANDBOX_INSTITUTIONS_PATH, SANDBOX_SIGN_IN_PATH } from './bank-link-dialog';

// The bank-link dialog in the page's language: its titles, steps, labels and refusals. With Plaid (sandbox:
// false) it is Plaid Link: plaid-link-flow.test.tsx and plaid-link-unavailable.test.tsx.

const INSTITUTION = {
  id: 'ins_1',
  name: 'First Platypus Bank',
  hint: 'Username user_good, password pass_good',
};
const ACCOUNTS = [{ accountId: 'a1', name: 'Plaid Checking', mask: '0000', subtype: 'checking' }];

function open(language: Language) {
  return renderElement(
    <BankLinkDialog
      open
      onOpenChange={() => undefined}
      session={{ linkToken: 'link-sandbox-1', expiration: '2030-01-01T00:00:00Z', sandbox: true }}
      onConnected={vi.fn()}
      onProvideManually={vi.fn()}
    />,
    '/',
    undefined,
    language,
  );
}

describe('the bank-link dialog', () => {
  it('walks the sandbox steps in Spanish, refusals included', async () => {
    answerApi({
      [`GET ${SANDBOX_INSTITUTIONS_PATH}`]: { status: 200, body: { institutions: [INSTITUTION] } },
      [`POST ${SANDBOX_SIGN_IN_PATH}`]: { status: 200, body: { accounts: ACCOUNTS } },
    });
    const { user } = open('es');
    const dialog = await screen.findByRole('dialog', { name: 'Conexión bancaria de prueba' });
    expect(dialog).toHaveTextContent('Un banco de prueba para probar la aplicación.');
    expect(within(dialog).getByRole('heading', { name: 'Elija su banco' })).toBeInTheDocument();
    await user.click(await within(dialog).findByRole('button', { name: /First Platypus Bank/ }));
    expect(
      within(dialog).getByRole('heading', { name: 'Inicie sesión en First Platypus Bank' }),
    ).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Nombre de usuario'), 'user_good');
    await user.type(within(dialog).getByLabelText('Contraseña'), 'pass_good');
    expect(within(dialog).getByRole('button', { name: 'Elegir otro banco' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Iniciar sesión' }));
    expect(await within(dialog).findByRole('heading', { name: 'Elija las cuentas' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent(
      '¿Qué cuentas de First Platypus Bank podemos ver? Incluya su cuenta de cheques principal.',
    );
    await user.click(within(dialog).getByRole('checkbox'));
    await user.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Seleccione al menos una cuenta.');
  });

  it('says a wrong password and the kinds of account in Spanish', async () => {
    let attempt = 0;
    answerApi({
      [`GET ${SANDBOX_INSTITUTIONS_PATH}`]: { status: 200, body: { institutions: [INSTITUTION] } },
      // The bank's refusal as the server sends it (in English), then the accounts.
      [`POST ${SANDBOX_SIGN_IN_PATH}`]: () =>
        ++attempt === 1
          ? {
              status: 400,
              body: {
                code: 'ProviderError',
                message: MESSAGES.bankLoginIncorrect,
                messageId: MESSAGE_REFS.bankLoginIncorrect.id,
              },
            }
          : {
              status: 200,
              body: {
                accounts: [
                  ...ACCOUNTS,
                  { accountId: 'a2', name: 'Plaid Saving', mask: '1111', subtype: 'savings' },
                  { accountId: 'a3', name: 'Plaid Credit Card', mask: '3333', subtype: 'credit card' },
                ],
              },
            },
    });
    const { user } = open('es');
    const dialog = await screen.findByRole('dialog', { name: 'Conexión bancaria de prueba' });
    await user.click(await within(dialog).findByRole('button', { name: /First Platypus Bank/ }));
    await user.type(within(dialog).getByLabelText('Nombre de usuario'), 'user_good');
    await user.type(within(dialog).getByLabelText('Contraseña'), 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Iniciar sesión' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'El usuario o la contraseña que ingresó no son correctos.',
    );
    expect(dialog).not.toHaveTextContent(MESSAGES.bankLoginIncorrect);
    expect(englishIn(dialog.textContent ?? '')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Iniciar sesión' }));
    expect(await within(dialog).findByRole('heading', { name: 'Elija las cuentas' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Plaid Checking ••0000 (cuenta de cheques)');
    expect(dialog).toHaveTextContent('Plaid Saving ••1111 (cuenta de ahorros)');
    expect(dialog).toHaveTextContent('Plaid Credit Card ••3333 (tarjeta de crédito)');
    expect(dialog).not.toHaveTextContent(/\((checking|savings|credit card)\)/);
    expect(englishIn(dialog.textContent ?? '')).toEqual([]);
  });

  it('gives the sandbox banks’ test sign-ins in Spanish, the usernames as they are typed', async () => {
    // As the server sends it: the English hint with its message's id, by which the dialog words it.
    const noChecking = { ...INSTITUTION, id: 'ins_2', ...sandboxBankHint('noChecking') };
    answerApi({
      [`GET ${SANDBOX_INSTITUTIONS_PATH}`]: { status: 200, body: { institutions: [noChecking] } },
    });
    const { user } = open('es');
    const dialog = await screen.findByRole('dialog', { name: 'Conexión bancaria de prueba' });
    const bank = await within(dialog).findByRole('button', { name: /First Platypus Bank/ });
    const spanish =
      'Banco de prueba: inicie sesión como user_good (sueldo fijo), user_gig (ingresos por encargos) o user_overdraft (sobregiros), contraseña pass_good.';
    expect(bank).toHaveTextContent(spanish);
    expect(bank).toHaveTextContent('Este banco tiene una cuenta de ahorros y una tarjeta de crédito');
    expect(bank).not.toHaveTextContent('Sandbox bank');
    await user.click(bank);
    expect(dialog).toHaveTextContent(spanish);
    expect(dialog).not.toHaveTextContent('sign in as');
  });

  it('keeps its English as it was', async () => {
    answerApi({
      [`GET ${SANDBOX_INSTITUTIONS_PATH}`]: { status: 200, body: { institutions: [INSTITUTION] } },
    });
    open('en');
    const dialog = await screen.findByRole('dialog', { name: 'Sandbox bank connection' });
    expect(dialog).toHaveTextContent(
      'A test bank for trying the app. No real bank is contacted; use the test sign-in shown.',
    );
    expect(within(dialog).getByRole('heading', { name: 'Choose your bank' })).toBeInTheDocument();
  });
});
