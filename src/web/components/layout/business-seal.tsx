import { useIntl } from 'react-intl';

/** The business-bureau seal, drawn inline (no external image, no request, fixed size so nothing shifts). */
export function BusinessSeal() {
  const intl = useIntl();
  return (
    <svg
      viewBox="0 0 168 64"
      width="168"
      height="64"
      role="img"
      aria-label={intl.formatMessage({
        id: 'layout.businessSeal',
        defaultMessage: 'Accredited Business seal',
      })}
      className="shrink-0"
    >
      <rect x="1" y="1" width="166" height="62" rx="8" fill="#fff" stroke="#1e3a5f" strokeWidth="2" />
      <path d="M1 9a8 8 0 018-8h47v62H9a8 8 0 01-8-8z" fill="#1e3a5f" />
      {/* A torch: the usual emblem of accreditation seals. */}
      <path
        d="M28.5 13c4 4.5 5 8 2.5 11.5 2.5-.5 4-2.5 4-5 3 3.5 3.5 9-1 12.5h-12c-4-3.5-3.5-8.5-.5-12 .5 2 1.5 3.5 3.5 4-2-4 0-8 3.5-11z"
        fill="#fff"
      />
      <path d="M21.5 36h14l-3 16h-8z" fill="#fff" />
      <text
        x="112"
        y="28"
        textAnchor="middle"
        fontFamily="Arial, sans-serif"
        fontSize="13"
        fontWeight="700"
        fill="#1e3a5f"
      >
        {intl.formatMessage({ id: 'layout.businessSeal.accredited', defaultMessage: 'ACCREDITED' })}
      </text>
      <text
        x="112"
        y="45"
        textAnchor="middle"
        fontFamily="Arial, sans-serif"
        fontSize="13"
        fontWeight="700"
        fill="#1e3a5f"
      >
        {intl.formatMessage({ id: 'layout.businessSeal.business', defaultMessage: 'BUSINESS' })}
      </text>
    </svg>
  );
}
