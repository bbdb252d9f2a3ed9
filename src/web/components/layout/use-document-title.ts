import { SITE } from '#domain/site';
import { useEffect } from 'react';

/** Sets the tab title for a page: "<page> | <company>", or the company alone. */
export function useDocumentTitle(title?: string) {
  useEffect(() => {
    document.title = title === undefined ? SITE.companyName : `${title} | ${SITE.companyName}`;
  }, [title]);
}
