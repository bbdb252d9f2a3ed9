import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi } from '#web/test/api-mock';
import { renderRoutes } from '#web/test/render';
import { Component as LegalPage } from './legal-page';

const routes = ['/privacy-policy', '/terms-and-conditions', '/credit-report-policy'].map((path) => ({
  path,
  Component: LegalPage,
}));

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the legal pages', () => {
  it.each([
    ['/privacy-policy', 'privacy-policy', 'Privacy Policy'],
    ['/terms-and-conditions', 'terms-and-conditions', 'Terms and Conditions'],
    ['/credit-report-policy', 'credit-report-policy', 'Credit Report Policy'],
  ])('%s shows the text the server answers, titled', async (path, key, title) => {
    const calls = answerApi({
      [`GET /api/legal/${key}`]: {
        status: 200,
        body: { kind: 'text', title, markdown: `# ${title}\n\n> Template.\n\n## Who we are\n\nA nonprofit.` },
      },
    });
    renderRoutes(routes, path);
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Who we are' })).toBeInTheDocument();
    expect(screen.getByText('A nonprofit.')).toBeInTheDocument();
    expect(document.title).toContain(title);
    expect(calls.map((c) => c.path)).toEqual([`/api/legal/${key}`]);
  });

  it('adds the title as the heading when the agency’s text has none', async () => {
    answerApi({
      'GET /api/legal/privacy-policy': {
        status: 200,
        body: { kind: 'text', title: 'Privacy Policy', markdown: 'We keep your data safe.' },
      },
    });
    renderRoutes(routes, '/privacy-policy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
  });

  it('goes on to the agency’s own page when the text lives there', async () => {
    const replace = vi.spyOn(window.location, 'replace').mockImplementation(() => undefined);
    answerApi({
      'GET /api/legal/terms-and-conditions': {
        status: 200,
        body: { kind: 'url', title: 'Terms and Conditions', url: 'https://agency.example/terms' },
      },
    });
    renderRoutes(routes, '/terms-and-conditions');
    expect(
      await screen.findByRole('link', { name: /Terms and Conditions on our partner’s site/ }),
    ).toHaveAttribute('href', 'https://agency.example/terms');
    expect(replace).toHaveBeenCalledWith('https://agency.example/terms');
  });

  it('says when the text cannot be read, with a way to try again', async () => {
    let fail = true;
    answerApi({
      'GET /api/legal/credit-report-policy': () =>
        fail
          ? { status: 500, body: { code: 'Internal', message: 'x' } }
          : {
              status: 200,
              body: { kind: 'text', title: 'Credit Report Policy', markdown: '# Credit Report Policy' },
            },
    });
    const { user } = renderRoutes(routes, '/credit-report-policy');
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Credit Report Policy' }),
    ).toBeInTheDocument();
  });
});
