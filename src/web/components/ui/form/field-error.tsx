import { ERROR_CLASS, HINT_CLASS } from './styles';

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
