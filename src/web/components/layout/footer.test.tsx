import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderElement } from '#web/test/render';
import { Footer } from './footer';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('Footer', () => {
  it('links the three policies to the product’s own pages, in the same tab', () => {
    renderElement(<Footer />);
    const legal = screen.getByRole('navigation', { name: 'Legal' });
    const links = within(legal).getAllByRole('link');
    expect(
      links.map((link) => [link.textContent, link.getAttribute('href'), link.getAttribute('target')]),
    ).toEqual([
      ['Privacy Policy', '/privacy-policy', null],
      ['Terms and Conditions', '/terms-and-conditions', null],
      ['Credit Report Policy', '/credit-report-policy', null],
    ]);
  });

  it('shows no business-bureau seal without a profile to link to', () => {
    renderElement(<Footer />);
    expect(screen.queryByRole('img', { name: 'Accredited Business seal' })).toBeNull();
    expect(screen.queryByRole('link', { name: /business-bureau profile/ })).toBeNull();
  });

  it('links the seal to the configured profile', () => {
    vi.stubEnv(
      'VITE_BBB_PROFILE_URL',
      'https://www.bbb.org/us/example/profile/credit-counseling/harbor-light',
    );
    renderElement(<Footer />);
    const seal = screen.getByRole('link', { name: /business-bureau profile \(opens in a new tab\)/ });
    expect(seal).toHaveAttribute(
      'href',
      'https://www.bbb.org/us/example/profile/credit-counseling/harbor-light',
    );
    expect(seal).toHaveAttribute('target', '_blank');
  });

  it('ignores a profile address that is not https', () => {
    vi.stubEnv('VITE_BBB_PROFILE_URL', 'javascript:alert(1)');
    renderElement(<Footer />);
    expect(screen.queryByRole('link', { name: /business-bureau profile/ })).toBeNull();
  });
});
