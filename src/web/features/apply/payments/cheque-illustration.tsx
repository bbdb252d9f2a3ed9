import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';

// A drawn cheque for the "where to find these numbers" help: the MICR line at the bottom holds the routing
// number (9 digits between ⑆ transit symbols), then the account number (ending in the ⑈ on-us symbol), then
// the cheque number. The symbols are drawn, not typed: few fonts have the OCR characters.

export const SAMPLE_ROUTING = '123456789';
export const SAMPLE_ACCOUNT = '000123456789';
export const SAMPLE_CHEQUE = '1001';

const INK = '#1f2937';
const MUTED = '#6b7280';
const LINE = '#9ca3af';
const HIGHLIGHT = '#0f766e';
const MICR_Y = 150;

/** ⑆ (transit): a bar with two blocks beside it. `x` is its left edge. */
function TransitSymbol({ x }: { x: number }) {
  return (
    <g fill={INK}>
      <rect x={x} y={MICR_Y - 14} width="3" height="15" />
      <rect x={x + 5} y={MICR_Y - 14} width="5" height="5" />
      <rect x={x + 5} y={MICR_Y - 4} width="5" height="5" />
    </g>
  );
}

/** ⑈ (on-us): two bars and a block. */
function OnUsSymbol({ x }: { x: number }) {
  return (
    <g fill={INK}>
      <rect x={x} y={MICR_Y - 14} width="3" height="10" />
      <rect x={x + 5} y={MICR_Y - 14} width="3" height="10" />
      <rect x={x} y={MICR_Y - 2} width="8" height="3" />
    </g>
  );
}

export function ChequeIllustration({ className }: { className?: string }) {
  const id = useId();
  const intl = useIntl();
  return (
    <svg
      viewBox="0 0 360 212"
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
      className={className}
      fontFamily="ui-sans-serif, system-ui, sans-serif"
    >
      <title id={`${id}-title`}>
        {intl.formatMessage({ id: 'apply.payments.cheque.title', defaultMessage: 'A sample cheque' })}
      </title>
      <desc id={`${id}-desc`}>
        {intl.formatMessage(
          {
            id: 'apply.payments.cheque.description',
            defaultMessage:
              'Along the bottom of the cheque the routing number comes first: 9 digits between two transit symbols (here {routing}). The account number follows (here {account}), then the cheque number.',
          },
          { routing: SAMPLE_ROUTING, account: SAMPLE_ACCOUNT },
        )}
      </desc>
      <rect x="2" y="2" width="356" height="162" rx="10" fill="#f8fafc" stroke={LINE} strokeWidth="2" />
      <text x="16" y="28" fontSize="14" fontWeight="600" fill={INK}>
        <FormattedMessage id="apply.payments.cheque.name" defaultMessage="Your Name" />
      </text>
      <text x="16" y="44" fontSize="11" fill={MUTED}>
        <FormattedMessage id="apply.payments.cheque.address" defaultMessage="123 Main Street, Anytown" />
      </text>
      <text x="342" y="28" fontSize="14" fill={INK} textAnchor="end">
        {SAMPLE_CHEQUE}
      </text>
      <text x="16" y="76" fontSize="11" fill={MUTED}>
        <FormattedMessage id="apply.payments.cheque.payTo" defaultMessage="Pay to the order of" />
      </text>
      <line x1="116" y1="78" x2="262" y2="78" stroke={LINE} />
      <rect x="272" y="60" width="70" height="24" rx="4" fill="#ffffff" stroke={LINE} />
      <text x="279" y="77" fontSize="12" fill={MUTED}>
        {/* The dollar sign of the amount box, the same in both languages. */}
        <FormattedMessage id="apply.payments.cheque.dollar" defaultMessage="$" />
      </text>
      <line x1="16" y1="104" x2="342" y2="104" stroke={LINE} />
      <line x1="200" y1="126" x2="342" y2="126" stroke={LINE} />
      <text x="16" y="126" fontSize="11" fill={MUTED}>
        <FormattedMessage id="apply.payments.cheque.memo" defaultMessage="Memo" />
      </text>
      {/* The MICR line: ⑆ routing ⑆  account ⑈  cheque number. */}
      <TransitSymbol x={12} />
      <g fontFamily="ui-monospace, 'Courier New', monospace" fontSize="17" fill={INK}>
        <text x="26" y={MICR_Y} textLength="104" lengthAdjust="spacingAndGlyphs">
          {SAMPLE_ROUTING}
        </text>
        <text x="156" y={MICR_Y} textLength="126" lengthAdjust="spacingAndGlyphs">
          {SAMPLE_ACCOUNT}
        </text>
        <text x="304" y={MICR_Y}>
          {SAMPLE_CHEQUE}
        </text>
      </g>
      <TransitSymbol x={134} />
      <OnUsSymbol x={286} />
      {/* Brackets and labels under the two numbers. */}
      <g stroke={HIGHLIGHT} strokeWidth="2" fill="none">
        <path d="M12 170v7h132v-7" />
        <path d="M156 170v7h138v-7" />
      </g>
      <g fontSize="14" fontWeight="600" fill={HIGHLIGHT} textAnchor="middle">
        <text x="78" y="194">
          <FormattedMessage id="apply.payments.cheque.routing" defaultMessage="Routing number" />
        </text>
        <text x="78" y="209" fontSize="12" fontWeight="400">
          <FormattedMessage id="apply.payments.provide.routingHint" defaultMessage="9 digits" />
        </text>
        <text x="225" y="194">
          <FormattedMessage id="apply.payments.cheque.account" defaultMessage="Account number" />
        </text>
        <text x="225" y="209" fontSize="12" fontWeight="400">
          <FormattedMessage id="apply.payments.cheque.accountDigits" defaultMessage="up to 17 digits" />
        </text>
      </g>
    </svg>
  );
}
