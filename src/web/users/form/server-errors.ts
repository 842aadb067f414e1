import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../lib/api-client';
import { CLIENT_MESSAGES } from '../../../shared/api/texts';

const GENERIC_FAILURE = CLIENT_MESSAGES.failed;

/** A failure's text for an alert: the server's message, or a plain sentence for anything else. */
export function failureMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : GENERIC_FAILURE;
}

/**
 * Puts a refused submission's problems under the fields they belong to: a taken email under the
 * email field, a 400's issues (`path: 'body.<field>'`) under theirs. Answers what is left for
 * the form's alert, or null when every problem found its field.
 */
export function applyServerError<T extends FieldValues>(error: unknown, fields: readonly Path<T>[], setError: UseFormSetError<T>): string | null {
  if (!(error instanceof ApiError)) return GENERIC_FAILURE;
  const known = (name: string): name is Path<T> => (fields as readonly string[]).includes(name);
  let focused = false;
  const place = (field: Path<T>, message: string) => {
    setError(field, { type: 'server', message }, { shouldFocus: !focused });
    focused = true;
  };

  const email = 'email';
  if (error.code === 'EMAIL_TAKEN' && known(email)) {
    place(email, error.message);
    return null;
  }
  const issues = error.issues ?? [];
  let placed = 0;
  for (const issue of issues) {
    const field = issue.path.replace(/^body\./, '');
    if (known(field)) {
      place(field, issue.message);
      placed += 1;
    }
  }
  return issues.length > 0 && placed === issues.length ? null : error.message;
}
