export type FieldError = { field: string; message: string };

/** What our API said went wrong, in words meant for people. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  readonly fields: FieldError[];
  constructor(status: number, message: string, fields: FieldError[] = []) {
    super(message);
    this.status = status;
    this.fields = fields;
  }
}

export const NETWORK_MESSAGE = 'We could not reach Privy. Check your connection and try again.';
