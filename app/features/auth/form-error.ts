/** The email-or-phone switch's radios are part of the form; actions ignore this name. */
export const CONTACT_METHOD_FIELD = 'contact_method';

/** What a form shows after the server refused it: one sentence on top, and a message per field. */
export type FormError = { message: string; fields: Record<string, string> };

/** The error an action returned, if its data carries one. */
export function formErrorOf(actionData: unknown): FormError | null {
  if (!actionData || typeof actionData !== 'object' || !('error' in actionData)) return null;
  const error = (actionData as { error?: unknown }).error;
  if (!error || typeof error !== 'object' || !('message' in error)) return null;
  return error as FormError;
}

export function fieldError(error: FormError | null, ...names: string[]): string | undefined {
  if (!error) return undefined;
  for (const name of names) {
    const message = error.fields[name];
    if (message) return message;
  }
  return undefined;
}
