import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Language } from '#domain/i18n/language';
import { InLanguage } from '#web/test/render';
import { AppLink, inLanguage, NavigationProvider, type Navigation } from './navigation';

describe('inLanguage', () => {
  it('sends a landing page link to its address in a Spanish page’s language', () => {
    expect(inLanguage('/lead', 'es')).toBe('/es/lead');
    expect(inLanguage('/debt-relief?utm_source=x', 'es')).toBe('/es/debt-relief?utm_source=x');
    expect(inLanguage({ pathname: '/debt-analysis', search: '?a=1' }, 'es')).toEqual({
      pathname: '/es/debt-analysis',
      search: '?a=1',
    });
    // The home page shows the lead page.
    expect(inLanguage('/', 'es')).toBe('/es/lead');
  });

  it('leaves other addresses, English pages and addresses that name their language alone', () => {
    expect(inLanguage('/sign-in', 'es')).toBe('/sign-in');
    expect(inLanguage('/lead', 'en')).toBe('/lead');
    expect(inLanguage('/', 'en')).toBe('/');
    expect(inLanguage('/es/lead', 'es')).toBe('/es/lead');
  });
});

function linkIn(language: Language, to: string) {
  const navigate = vi.fn<Navigation['navigate']>();
  const navigation: Navigation = {
    location: { pathname: '/es/debt-relief', search: '', state: null, key: 'default' },
    navigate,
  };
  render(
    <InLanguage language={language}>
      <NavigationProvider value={navigation}>
        <AppLink to={to} state={{ focusLeadForm: true }}>
          link
        </AppLink>
      </NavigationProvider>
    </InLanguage>,
  );
  return navigate;
}

describe('AppLink', () => {
  it('on a Spanish page, goes to a landing page’s Spanish address', async () => {
    const navigate = linkIn('es', '/lead');
    const link = screen.getByRole('link', { name: 'link' });
    expect(link).toHaveAttribute('href', '/es/lead');
    await userEvent.click(link);
    expect(navigate).toHaveBeenCalledWith('/es/lead', { state: { focusLeadForm: true }, replace: undefined });
  });

  it('on an English page, goes where it says', () => {
    linkIn('en', '/lead');
    expect(screen.getByRole('link', { name: 'link' })).toHaveAttribute('href', '/lead');
  });
});
