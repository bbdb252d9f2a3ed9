import type { SessionRecorder } from './port';

/** LogRocket's recorder, as its install snippet loads it (the server's content security policy allows it). */
export const LOGROCKET_SCRIPT_URL = 'https://cdn.logr-in.com/LogRocket.min.js';

type LogRocketRequest = { url: string; body?: unknown; headers: Record<string, unknown> };
type LogRocketApi = {
  init(appId: string, options: Record<string, unknown>): void;
  identify(uid: string): void;
};

declare global {
  interface Window {
    LogRocket?: LogRocketApi;
  }
}

/** The address without its query string or fragment (reset links and the like carry tokens there). */
const withoutQuery = (url: string) => url.split(/[?#]/)[0] ?? '';

/**
 * The LogRocket adapter. Everything that could carry personal data is cut before it leaves the browser:
 * every input and every text on the page is masked (the replay shows the page's shape, not its words),
 * request and response bodies and headers are dropped, and addresses lose their query strings. The session
 * is identified by the borrower's id alone (identify with no traits).
 */
export function createLogRocketRecorder(appId: string, doc: Document = document): SessionRecorder {
  let started = false;
  return {
    start({ borrowerId }) {
      if (started) return;
      started = true;
      const script = doc.createElement('script');
      script.src = LOGROCKET_SCRIPT_URL;
      script.crossOrigin = 'anonymous';
      script.async = true;
      script.addEventListener('load', () => {
        const logRocket = doc.defaultView?.LogRocket;
        if (!logRocket) return;
        logRocket.init(appId, {
          dom: { inputSanitizer: true, textSanitizer: true },
          network: {
            requestSanitizer: (request: LogRocketRequest) => ({
              ...request,
              url: withoutQuery(request.url),
              body: null,
              headers: {},
            }),
            responseSanitizer: (response: LogRocketRequest) => ({ ...response, body: null, headers: {} }),
          },
          browser: { urlSanitizer: withoutQuery },
          console: { isEnabled: false },
        });
        logRocket.identify(borrowerId);
      });
      doc.head.append(script);
    },
  };
}
