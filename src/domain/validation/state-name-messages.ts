import { defineMessages, type MessageDescriptor } from '@formatjs/intl';
import { US_STATES } from './states';

// The states whose name another language writes differently ("New York", "Nueva York"), as messages worded
// exactly as US_STATES's English (a test checks it). Intl has no names for a country's subdivisions, so the
// catalogs hold them; a state missing here is written the same in every language ("Texas").

export const STATE_NAME_MESSAGES: Partial<Record<(typeof US_STATES)[number]['code'], MessageDescriptor>> =
  defineMessages({
    DC: { id: 'states.DC', defaultMessage: 'District of Columbia' },
    HI: { id: 'states.HI', defaultMessage: 'Hawaii' },
    LA: { id: 'states.LA', defaultMessage: 'Louisiana' },
    MI: { id: 'states.MI', defaultMessage: 'Michigan' },
    MS: { id: 'states.MS', defaultMessage: 'Mississippi' },
    MO: { id: 'states.MO', defaultMessage: 'Missouri' },
    NH: { id: 'states.NH', defaultMessage: 'New Hampshire' },
    NJ: { id: 'states.NJ', defaultMessage: 'New Jersey' },
    NM: { id: 'states.NM', defaultMessage: 'New Mexico' },
    NY: { id: 'states.NY', defaultMessage: 'New York' },
    NC: { id: 'states.NC', defaultMessage: 'North Carolina' },
    ND: { id: 'states.ND', defaultMessage: 'North Dakota' },
    OR: { id: 'states.OR', defaultMessage: 'Oregon' },
    PA: { id: 'states.PA', defaultMessage: 'Pennsylvania' },
    SC: { id: 'states.SC', defaultMessage: 'South Carolina' },
    SD: { id: 'states.SD', defaultMessage: 'South Dakota' },
    WV: { id: 'states.WV', defaultMessage: 'West Virginia' },
  });

/**
 * A state's name in the language of `format` (react-intl's or @formatjs/intl's formatMessage); undefined for
 * a code that is not a state of the dropdown.
 */
export function localStateName(
  code: string,
  format: (descriptor: MessageDescriptor) => string,
): string | undefined {
  const state = US_STATES.find((s) => s.code === code.toUpperCase());
  if (!state) return undefined;
  const message = STATE_NAME_MESSAGES[state.code];
  return message ? format(message) : state.name;
}
