import { useIntl } from 'react-intl';
import { localizeMessage } from '#domain/i18n/translate-message';
import { ERROR_CLASS, HINT_CLASS } from './styles';

export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  const intl = useIntl();
  if (!message) return null;
  // Safe on a message already in the page's language: a text it does not know comes back as it is.
  return (
    <p id={id} className={ERROR_CLASS}>
      {localizeMessage(message, (descriptor, values) => intl.formatMessage(descriptor, values))}
    </p>
  );
}

export function FieldHint({ id, hint }: { id: string; hint: string | undefined }) {
  if (!hint) return null;
  return (
    <p id={id} className={HINT_CLASS}>
      {hint}
    </p>
  );
}
