import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Language } from '#domain/i18n/language';
import { installPlaidLinkStub, PLAID_LINK_SCRIPT_URL, type PlaidLinkStub } from '#web/test/plaid-link-stub';
import { renderElement } from '#web/test/render';
import { BankLinkDialog } from './bank-link-dialog';
import {
  PLAID_EXIT_ERROR,
  PLAID_EXIT_ERROR_CALL_US,
  PLAID_EXPIRED,
  PLAID_LOAD_TIMEOUT_MS,
  PLAID_LOADING,
  PLAID_UNAVAILABLE,
} from './plaid-link-flow';

// With Plaid configured the link session says sandbox: false, and the dialog opens Plaid Link itself with the
// link token: its onSuccess public token goes to the page, which exchanges it; an exit with an error says so
// with the way out. Here Link is a stand-in of window.Plaid (src/web/test/plaid-link-stub.ts); the browser
// journey (tests/e2e/plaid-link.e2e.ts) loads the script by its address under the real security policy.

const LINK_TOKEN = 'link-sandbox-6c1f';
let link: PlaidLinkStub;
beforeEach(() => {
  link = installPlaidLinkStub();
});
afterEach(() => link.remove());

function openDialog(
  o: { language?: Language; manual?: boolean; onConnected?: (t: string) => void; open?: boolean } = {},
) {
  const onOpenChange = vi.fn();
  const onProvideManually = vi.fn();
  const props = {
    onOpenChange,
    session: { linkToken: LINK_TOKEN, expiration: '2030-01-01T00:00:00Z', sandbox: false },
    onConnected: o.onConnected ?? vi.fn(),
    onProvideManually: o.manual === false ? undefined : onProvideManually,
  };
  const view = renderElement(<BankLinkDialog open={o.open ?? true} {...props} />, '/', undefined, o.language);
  return { ...view, onOpenChange, onProvideManually, props };
}

const plaidError = (code: string) => ({
  error_type: 'INSTITUTION_ERROR',
  error_code: code,
  error_message: 'this institution is not currently responding to this request',
  display_message: null,
});

describe('the bank-link dialog with Plaid', () => {
  it('opens Plaid Link with the link token and hands its public token to the page', async () => {
    const onConnected = vi.fn();
    openDialog({ onConnected });
    expect(link.tokens()).toEqual([LINK_TOKEN]);
    expect(link.opened()).toBe(1);
    // Link's own frame covers the page: our dialog is out of its way (a modal would hold the keyboard).
    expect(screen.queryByRole('dialog')).toBeNull();
    link.succeed('public-sandbox-5c2a');
    expect(onConnected).toHaveBeenCalledWith('public-sandbox-5c2a');
    expect(link.opened()).toBe(1);
  });

  it('does not load or open Link while the dialog is closed', () => {
    openDialog({ open: false });
    expect(link.tokens()).toEqual([]);
    expect(link.opened()).toBe(0);
  });

  it('closes when the borrower closes Link without an error', () => {
    const { onOpenChange } = openDialog();
    link.exit(null);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('says when Link ended in an error, offers to try again and the manual entry', async () => {
    const { user, onProvideManually } = openDialog();
    link.exit(plaidError('INSTITUTION_NOT_RESPONDING'));
    const dialog = await screen.findByRole('dialog', { name: 'Connect your bank' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent(PLAID_EXIT_ERROR);
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(link.opened()).toBe(2);
    expect(screen.queryByRole('dialog')).toBeNull();
    link.exit(plaidError('INSTITUTION_NOT_RESPONDING'));
    await user.click(await screen.findByRole('button', { name: 'Provide manually' }));
    expect(onProvideManually).toHaveBeenCalledOnce();
  });

  it('says to call us where the page has no manual entry (reconnecting from the portal)', async () => {
    openDialog({ manual: false });
    link.exit(plaidError('INSTITUTION_DOWN'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('alert')).toHaveTextContent(PLAID_EXIT_ERROR_CALL_US);
    expect(within(dialog).queryByRole('button', { name: 'Provide manually' })).toBeNull();
  });

  it('does not offer to reopen an expired link token', async () => {
    openDialog();
    link.exit({ ...plaidError('INVALID_LINK_TOKEN'), error_type: 'INVALID_INPUT' });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('alert')).toHaveTextContent(PLAID_EXPIRED);
    expect(within(dialog).queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Provide manually' })).toBeInTheDocument();
  });

  it('treats an answer without a public token as a connection that did not finish', async () => {
    const onConnected = vi.fn();
    openDialog({ onConnected });
    link.succeed(null);
    expect(onConnected).not.toHaveBeenCalled();
    expect(await screen.findByRole('alert')).toHaveTextContent(PLAID_EXIT_ERROR);
  });

  it('speaks Spanish', async () => {
    openDialog({ language: 'es' });
    link.exit(plaidError('INSTITUTION_NOT_RESPONDING'));
    const dialog = await screen.findByRole('dialog', { name: 'Conecte su banco' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'La conexión con su banco no terminó. Puede volver a intentarlo o, en su lugar, ingresar los datos de su cuenta de cheques.',
    );
    expect(within(dialog).getByRole('button', { name: 'Intentar de nuevo' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Ingresar manualmente' })).toBeInTheDocument();
  });
});

describe('the bank-link dialog while Link loads', () => {
  it('shows that it is opening, then that Link could not load when it never becomes ready', async () => {
    // The script's tag is there but Link never appeared (a script that ran without creating window.Plaid).
    link.remove();
    const script = document.createElement('script');
    script.src = PLAID_LINK_SCRIPT_URL;
    script.type = 'text/plain';
    document.head.appendChild(script);
    vi.useFakeTimers();
    // Plaid's package reports the missing Link on the console; that is what this case is.
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      openDialog();
      const dialog = screen.getByRole('dialog', { name: 'Connect your bank' });
      expect(within(dialog).getByRole('status')).toHaveTextContent(PLAID_LOADING);
      act(() => vi.advanceTimersByTime(PLAID_LOAD_TIMEOUT_MS));
      expect(within(dialog).getByRole('alert')).toHaveTextContent(PLAID_UNAVAILABLE);
      expect(within(dialog).getByRole('button', { name: 'Provide manually' })).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
      consoleError.mockRestore();
      script.remove();
    }
  });
});
