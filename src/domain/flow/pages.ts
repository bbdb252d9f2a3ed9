import { z } from 'zod';
import { PAGES } from './page-routes';

export { PAGE_ROUTES, PAGES, isPage, pageForRoute, type Page } from './page-routes';

export const pageSchema = z.enum(PAGES);
