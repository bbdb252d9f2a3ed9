import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Language } from '#domain/i18n/language';
import { PLAID_LINK_SCRIPT_URL } from '#web/test/plaid-link-stub';
import { renderElement } from '#web/test/render';
import { BankLinkDialog } from './bank-link-dialog';
import { PLAID_UNAVAILABLE, PLAID_UNAVAILABLE_CALL_US } from './plaid-link-flow';

// Plaid Link's script could not load (a blocker, a firewall, no connection): the dialog says so, with the way
// out the page offers. Here the script fails as it would offline: the test environment loads no script files,
// and the tag's error event is what the page hears.

function openDialog(language: Language, manual: boolean) {
  return renderElement(
    <BankLinkDialog
      open
      onOpenChange={vi.fn()}
      session={{ linkToken: 'link-sandbox-1', expiration: '2030-01-01T00:00:00Z', sandbox: false }}
      onConnected={vi.fn()}
      onProvideManually={manual ? vi.fn() : undefined}
    />,
    '/',
    undefined,
    language,
  );
}

describe('the bank-link dialog when Plaid Link cannot load', () => {
  it('asks for Link’s script by Plaid’s address, then says it could not load, with the manual entry', async () => {
    openDialog('en', true);
    const dialog = await screen.findByRole('dialog', { name: 'Connect your bank' });
    expect(document.querySelector(`script[src="${PLAID_LINK_SCRIPT_URL}"]`)).not.toBeNull();
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent(PLAID_UNAVAILABLE));
    expect(within(dialog).getByRole('button', { name: 'Provide manually' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('says to call us where there is no manual entry, and in Spanish', async () => {
    const english = openDialog('en', false);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(PLAID_UNAVAILABLE_CALL_US));
    english.unmount();
    openDialog('es', true);
    const dialog = await screen.findByRole('dialog', { name: 'Conecte su banco' });
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent(
        'No se pudo cargar la conexión segura con su banco: es posible que su navegador o su red la bloqueen, o que no tenga conexión a internet. En su lugar, puede ingresar los datos de su cuenta de cheques.',
      ),
    );
  });
});
