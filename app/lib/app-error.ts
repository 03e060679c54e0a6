/**
 * Errors thrown by server services arrive in loaders and actions as the server's own AppError
 * class, which the bundled app cannot `instanceof`; recognise them by shape instead.
 */
export type AppErrorLike = {
  name: 'AppError';
  code: string;
  status: number;
  message: string;
  fields?: Array<{ field: string; message: string }>;
};

export function asAppError(error: unknown): AppErrorLike | null {
  if (typeof error !== 'object' || error === null) return null;
  const candidate = error as Partial<AppErrorLike>;
  return candidate.name === 'AppError' && typeof candidate.status === 'number'
    ? (candidate as AppErrorLike)
    : null;
}
