import { ERROR_CLASS, HINT_CLASS } from './styles';

/** A field's error under it, already in the page's language (useField's `errorMessage`, fieldErrorText). */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className={ERROR_CLASS}>
      {message}
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
