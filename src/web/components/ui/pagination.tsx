import { FormattedMessage, useIntl } from 'react-intl';
import { clsx } from 'clsx';
import { paginationItems } from './pagination-items';

// Signs, not words: the same in every language (kept out of the JSX, where the translation check looks for words).
const ELLIPSIS = '…';

export type PaginationProps = {
  pageCount: number;
  /** The current page, 1-based. */
  page: number;
  onPageChange: (page: number) => void;
  pageRangeDisplayed?: number;
  marginPagesDisplayed?: number;
  /** Names the navigation landmark when a screen has more than one list. */
  label?: string;
};

const itemClass =
  'inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg px-3 text-sm font-medium';

/** Page buttons with Previous and Next; hidden when there is a single page. */
export function Pagination({
  pageCount,
  page,
  onPageChange,
  pageRangeDisplayed,
  marginPagesDisplayed,
  label,
}: PaginationProps) {
  const intl = useIntl();
  if (pageCount <= 1) return null;
  const items = paginationItems({ pageCount, page, pageRangeDisplayed, marginPagesDisplayed });
  const arrow =
    'border border-gray-300 text-gray-800 hover:bg-gray-100 disabled:cursor-not-allowed disabled:opacity-50';
  return (
    <nav
      aria-label={label ?? intl.formatMessage({ id: 'ui.pagination.label', defaultMessage: 'Pagination' })}
    >
      <ul className="flex flex-wrap items-center gap-1">
        <li>
          <button
            type="button"
            className={clsx(itemClass, arrow)}
            aria-label={intl.formatMessage({
              id: 'ui.pagination.previousPage',
              defaultMessage: 'Previous page',
            })}
            disabled={page <= 1}
            onClick={() => onPageChange(page - 1)}
          >
            <FormattedMessage id="ui.pagination.previous" defaultMessage="‹ Prev" />
          </button>
        </li>
        {items.map((item, i) =>
          item === 'break' ? (
            <li key={`break-${i}`} aria-hidden="true" className={clsx(itemClass, 'text-gray-600')}>
              {ELLIPSIS}
            </li>
          ) : (
            <li key={item}>
              <button
                type="button"
                className={clsx(
                  itemClass,
                  item === page ? 'bg-brand-700 text-white' : 'text-gray-800 hover:bg-gray-100',
                )}
                aria-label={intl.formatMessage(
                  { id: 'ui.pagination.page', defaultMessage: 'Page {page}' },
                  { page: item },
                )}
                aria-current={item === page ? 'page' : undefined}
                onClick={() => {
                  if (item !== page) onPageChange(item);
                }}
              >
                {item}
              </button>
            </li>
          ),
        )}
        <li>
          <button
            type="button"
            className={clsx(itemClass, arrow)}
            aria-label={intl.formatMessage({ id: 'ui.pagination.nextPage', defaultMessage: 'Next page' })}
            disabled={page >= pageCount}
            onClick={() => onPageChange(page + 1)}
          >
            <FormattedMessage id="ui.pagination.next" defaultMessage="Next ›" />
          </button>
        </li>
      </ul>
    </nav>
  );
}
