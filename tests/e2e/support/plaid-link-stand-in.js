/* global window, document */
// A stand-in for Plaid Link's script (https://cdn.plaid.com/link/v2/stable/link-initialize.js), which the browser
// journeys cannot load (no internet): Playwright answers the script's address with this file
// (tests/e2e/plaid-link.e2e.ts). It implements the part of Plaid's documented web API the page uses:
// window.Plaid.create({ token, onSuccess, onExit, onLoad }) → { open, exit, destroy, submit }.
//
// Like Link, open() draws a full-page frame from https://cdn.plaid.com (so the page's frame-src is put to the
// test); the frame's own page, also answered by the journey, posts back the borrower's choice. Success asks the
// journey's Plaid fake for a public token of this link token (window.plaidFakeCompleteLink, exposed by the
// journey), as Link's onSuccess hands one out.
(function () {
  const FRAME_URL = 'https://cdn.plaid.com/link/v2/stable/link.html';

  function create(config) {
    let frame = null;
    let onMessage = null;

    const close = () => {
      if (onMessage) window.removeEventListener('message', onMessage);
      onMessage = null;
      if (frame) frame.remove();
      frame = null;
    };

    const metadata = (extra) => ({
      institution: { name: 'First Platypus Bank', institution_id: 'ins_109508' },
      link_session_id: 'stand-in-session',
      ...extra,
    });

    const open = () => {
      close();
      frame = document.createElement('iframe');
      frame.src = `${FRAME_URL}?token=${encodeURIComponent(config.token)}`;
      frame.title = 'Plaid Link';
      frame.setAttribute(
        'style',
        'position:fixed;inset:0;width:100%;height:100%;border:0;z-index:2147483647;background:rgba(0,0,0,0.5)',
      );
      onMessage = (event) => {
        if (event.origin !== 'https://cdn.plaid.com' || !event.data || typeof event.data.action !== 'string')
          return;
        const action = event.data.action;
        close();
        if (action === 'success') {
          window
            .plaidFakeCompleteLink(config.token)
            .then((publicToken) =>
              config.onSuccess(publicToken, metadata({ accounts: [], transfer_status: null })),
            );
        } else if (action === 'error') {
          config.onExit(
            {
              error_type: 'INSTITUTION_ERROR',
              error_code: 'INSTITUTION_NOT_RESPONDING',
              error_message: 'this institution is not currently responding to this request',
              display_message: null,
            },
            metadata({ status: 'requires_credentials', request_id: 'stand-in-request' }),
          );
        } else {
          config.onExit(null, metadata({ status: null, request_id: 'stand-in-request' }));
        }
      };
      window.addEventListener('message', onMessage);
      document.body.appendChild(frame);
    };

    // Link tells the page it has loaded; react-plaid-link waits for it before saying it is ready.
    setTimeout(() => config.onLoad && config.onLoad(), 0);
    return {
      open,
      exit: () => {
        close();
        config.onExit(null, metadata({ status: null, request_id: 'stand-in-request' }));
      },
      destroy: close,
      submit: () => undefined,
    };
  }

  window.Plaid = { create };
})();
