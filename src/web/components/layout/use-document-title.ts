import { SITE } from '#domain/site';
import { useEffect } from 'react';

/** A page's tab title: "<page> | <company>", or the company alone. */
export const documentTitle = (title?: string) =>
  title === undefined ? SITE.companyName : `${title} | ${SITE.companyName}`;

/** Sets the tab title for a page (the prerendered landing pages also carry it in their HTML). */
export function useDocumentTitle(title?: string) {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}
