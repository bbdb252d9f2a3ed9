import { act } from '@testing-library/react';
import type { PlaidLinkError } from 'react-plaid-link';

/** Where Plaid's React package loads Link from (the package's own constant, which it does not export). */
export const PLAID_LINK_SCRIPT_URL = 'https://cdn.plaid.com/link/v2/stable/link-initialize.js';

type CreateConfig = {
  token: string | null;
  onSuccess: (publicToken: string | null, metadata: unknown) => void;
  onExit: (error: PlaidLinkError | null, metadata: unknown) => void;
  onLoad?: () => void;
};

export type PlaidLinkStub = {
  /** The link token of each Link created, in order. */
  tokens: () => (string | null)[];
  /** How many times Link was opened. */
  opened: () => number;
  /** Whether the newest Link is open. */
  isOpen: () => boolean;
  /** Plays the borrower finishing Link: onSuccess with this public token. */
  succeed: (publicToken: string | null) => void;
  /** Plays Link closing: with Plaid's error, or null when the borrower closed it. */
  exit: (error: PlaidLinkError | null) => void;
  remove: () => void;
};

/**
 * Link as the page sees it once Plaid's script has run: `window.Plaid.create` (the part of Plaid's documented
 * web API the page uses), and the script's tag already in the document, which Plaid's React package takes as
 * loaded. The component tests cannot load the real script (no network, and happy-dom loads no script files).
 */
export function installPlaidLinkStub(): PlaidLinkStub {
  const script = document.createElement('script');
  script.src = PLAID_LINK_SCRIPT_URL;
  // Not run: happy-dom would refuse to load it, and the tag alone is what the package looks for.
  script.type = 'text/plain';
  document.head.appendChild(script);
  const configs: CreateConfig[] = [];
  let opened = 0;
  let open = false;
  const newest = () => {
    const config = configs[configs.length - 1];
    if (!config) throw new Error('Plaid Link was never created');
    return config;
  };
  (window as unknown as { Plaid?: unknown }).Plaid = {
    create: (config: CreateConfig) => {
      configs.push(config);
      return {
        open: () => {
          opened += 1;
          open = true;
        },
        exit: () => {
          open = false;
        },
        submit: () => undefined,
        destroy: () => {
          open = false;
        },
      };
    },
  };
  const metadata = { institution: null, accounts: [], link_session_id: 'session-1' };
  return {
    tokens: () => configs.map((c) => c.token),
    opened: () => opened,
    isOpen: () => open,
    succeed: (publicToken) =>
      act(() => {
        open = false;
        newest().onSuccess(publicToken, metadata);
      }),
    exit: (error) =>
      act(() => {
        open = false;
        newest().onExit(error, { ...metadata, status: null, request_id: 'request-1' });
      }),
    remove: () => {
      script.remove();
      delete (window as unknown as { Plaid?: unknown }).Plaid;
    },
  };
}
