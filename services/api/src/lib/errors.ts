import { ErrorCode, type FieldErrors } from '@waypoint/contracts';

/** An error whose message is meant for the person using the product. */
export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly code: string,
    message: string,
    public readonly fieldErrors?: FieldErrors,
    /** Sent as Retry-After with 429 and 503 replies. */
    public readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (message = 'Not found') => new AppError(404, ErrorCode.NOT_FOUND, message);
export const badRequest = (message: string, fieldErrors?: FieldErrors) =>
  new AppError(400, ErrorCode.BAD_REQUEST, message, fieldErrors);
export const conflict = (message: string) => new AppError(409, ErrorCode.CONFLICT, message);

export const unauthenticated = (message: string) =>
  new AppError(401, ErrorCode.UNAUTHENTICATED, message);
export const forbidden = (message: string) => new AppError(403, ErrorCode.FORBIDDEN, message);
