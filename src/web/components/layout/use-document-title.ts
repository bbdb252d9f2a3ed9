import { SITE } from '#domain/site';
import { useContext, useEffect } from 'react';
import { IntlContext, type MessageDescriptor } from 'react-intl';

/** A page's tab title: "<page> | <company>", or the company alone. */
export const documentTitle = (title?: string) =>
  title === undefined ? SITE.companyName : `${title} | ${SITE.companyName}`;

/**
 * Sets the tab title for a page (the prerendered landing pages also carry it in their HTML). A message is
 * written in the page's language (its English outside any language, as in a bare component test).
 */
export function useDocumentTitle(title?: string | MessageDescriptor) {
  const intl = useContext(IntlContext);
  const text =
    typeof title === 'object'
      ? intl
        ? intl.formatMessage(title)
        : (title.defaultMessage as string | undefined)
      : title;
  useEffect(() => {
    document.title = documentTitle(text);
  }, [text]);
}
