/** An error that is safe to show: its status and message reach the caller as they are. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly issues?: { path: string; message: string }[],
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, issues?: { path: string; message: string }[]) =>
  new HttpError(400, 'VALIDATION', message, issues);
export const unauthorized = (message = 'Please sign in to continue.') => new HttpError(401, 'UNAUTHORIZED', message);
export const forbidden = (message = 'Your role does not allow this.') => new HttpError(403, 'FORBIDDEN', message);
/** Also the answer for another organization's ids: never reveal that they exist. */
export const notFound = (what = 'That item') => new HttpError(404, 'NOT_FOUND', `${what} was not found.`);
export const conflict = (message: string, code = 'CONFLICT', details?: Record<string, unknown>) =>
  new HttpError(409, code, message, undefined, details);
export const tooLarge = (limitBytes: number) =>
  new HttpError(413, 'TOO_LARGE', `The request body is too large (limit ${Math.round(limitBytes / 1024)} KB).`);
