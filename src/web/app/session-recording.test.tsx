import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogRocketRecorder, LOGROCKET_SCRIPT_URL } from '#web/session-recording/logrocket';
import { answerApi } from '#web/test/api-mock';
import { renderRoutes } from '#web/test/render';
import { BORROWER_SESSION_REPLY, staffSession } from '#web/test/sessions';
import { Component as BorrowerGuard } from './borrower-guard';

const BORROWER_ID = '3f0c5a4e-9d61-4c2b-8f3a-2b7e6d1c9a10';
const recorderScripts = () => [...document.querySelectorAll('script')].filter((s) => s.src.includes('logr'));

afterEach(() => {
  for (const script of recorderScripts()) script.remove();
  delete window.LogRocket;
});

function renderBorrowerPage() {
  return renderRoutes(
    [{ Component: BorrowerGuard, children: [{ path: '/hardships', Component: () => <h1>Hardships</h1> }] }],
    '/hardships',
  );
}

describe('session recording on the borrower’s pages', () => {
  it('loads no script when the server says it is off', async () => {
    const calls = answerApi({
      'GET /api/session': BORROWER_SESSION_REPLY,
      'GET /api/session-recording': { status: 200, body: { provider: 'off' } },
    });
    renderBorrowerPage();
    expect(await screen.findByRole('heading', { name: 'Hardships' })).toBeInTheDocument();
    await waitFor(() => expect(calls.map((c) => c.path)).toContain('/api/session-recording'));
    // Give a recorder every chance to appear: none does.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(recorderScripts()).toEqual([]);
    expect(window.LogRocket).toBeUndefined();
  });

  it('asks nothing and loads nothing for staff', async () => {
    const calls = answerApi({ 'GET /api/session': { status: 200, body: staffSession() } });
    renderBorrowerPage();
    await waitFor(() => expect(calls.map((c) => c.path)).toEqual(['/api/session']));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(recorderScripts()).toEqual([]);
  });

  it('when configured, adds the recorder’s script once and names the session by the borrower’s id alone', async () => {
    answerApi({
      'GET /api/session': BORROWER_SESSION_REPLY,
      'GET /api/session-recording': {
        status: 200,
        body: { provider: 'logrocket', appId: 'agency/dmp', borrowerId: BORROWER_ID },
      },
    });
    renderBorrowerPage();
    await waitFor(() => expect(recorderScripts()).toHaveLength(1));
    const [script] = recorderScripts();
    expect(script!.src).toBe(LOGROCKET_SCRIPT_URL);

    const logRocket = { init: vi.fn(), identify: vi.fn() };
    window.LogRocket = logRocket;
    script!.dispatchEvent(new Event('load'));
    expect(logRocket.init).toHaveBeenCalledWith('agency/dmp', expect.objectContaining({}));
    expect(logRocket.identify.mock.calls).toEqual([[BORROWER_ID]]);
  });
});

describe('the LogRocket adapter', () => {
  it('masks every input and text, drops bodies and headers, and strips query strings', () => {
    const recorder = createLogRocketRecorder('agency/dmp');
    recorder.start({ borrowerId: BORROWER_ID });
    recorder.start({ borrowerId: BORROWER_ID });
    expect(recorderScripts()).toHaveLength(1);
    const logRocket = { init: vi.fn(), identify: vi.fn() };
    window.LogRocket = logRocket;
    recorderScripts()[0]!.dispatchEvent(new Event('load'));
    const options = logRocket.init.mock.calls[0]![1] as {
      dom: unknown;
      network: {
        requestSanitizer: (r: object) => object;
        responseSanitizer: (r: object) => object;
      };
      browser: { urlSanitizer: (url: string) => string };
    };
    expect(options.dom).toEqual({ inputSanitizer: true, textSanitizer: true });
    expect(
      options.network.requestSanitizer({
        url: '/api/auth/reset-password?code=123456',
        body: '{"email":"ana@example.com"}',
        headers: { cookie: 'session=secret' },
      }),
    ).toEqual({ url: '/api/auth/reset-password', body: null, headers: {} });
    expect(options.network.responseSanitizer({ body: '{"firstName":"Ana"}', headers: { a: 'b' } })).toEqual({
      body: null,
      headers: {},
    });
    expect(options.browser.urlSanitizer('https://dmp.example/lead?utm_source=x&email=a@b.c#top')).toBe(
      'https://dmp.example/lead',
    );
    expect(logRocket.identify.mock.calls).toEqual([[BORROWER_ID]]);
  });
});
