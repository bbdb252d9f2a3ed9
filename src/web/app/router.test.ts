import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '#domain/flow/routes';
import { LANDING_PAGE_PATHS, pathInLanguage } from '#domain/i18n/language';
import { routes } from './router';

// Paths are written once, in ROUTES: the router has a route for each of them and no other path.

function pathsOf(tree: RouteObject[]): string[] {
  return tree.flatMap((r) => [...(r.path ? [r.path] : []), ...pathsOf(r.children ?? [])]);
}

describe('the route table', () => {
  it('has exactly the paths of ROUTES, plus /, the Spanish landing pages and the not-found page', () => {
    const spanish = LANDING_PAGE_PATHS.map((path) => pathInLanguage(path, 'es'));
    expect(pathsOf(routes).sort()).toEqual([...Object.values(ROUTES), ...spanish, '/', '*'].sort());
  });
});
