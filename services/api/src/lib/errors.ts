import { ERROR_STATUS, ErrorCode, type FieldErrors } from '@waypoint/contracts';

export interface AppErrorOptions {
  /** Per-field messages keyed by the dotted path of the field. */
  fieldErrors?: FieldErrors | undefined;
  /** Sent as Retry-After with 429 and 503 replies. */
  retryAfterSeconds?: number | undefined;
}

/**
 * An error whose message is meant for the person using the product. Its code comes from the `ErrorCode`
 * catalogue of libs/contracts, and the code decides the HTTP status (`ERROR_STATUS`), so the two never disagree.
 */
export class AppError extends Error {
  readonly statusCode: number;
  readonly fieldErrors: FieldErrors | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(
    public readonly code: ErrorCode,
    message: string,
    options: AppErrorOptions = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = ERROR_STATUS[code];
    this.fieldErrors = options.fieldErrors;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export const notFound = (message = 'Not found') => new AppError(ErrorCode.NOT_FOUND, message);
export const badRequest = (message: string, fieldErrors?: FieldErrors) =>
  new AppError(ErrorCode.BAD_REQUEST, message, { fieldErrors });
/** A request whose fields break a rule the schema cannot check (an unknown country, a common password…). */
export const validationFailed = (message: string, fieldErrors?: FieldErrors) =>
  new AppError(ErrorCode.VALIDATION_FAILED, message, { fieldErrors });
export const conflict = (message: string, fieldErrors?: FieldErrors) =>
  new AppError(ErrorCode.CONFLICT, message, { fieldErrors });

export const unauthenticated = (message: string) =>
  new AppError(ErrorCode.UNAUTHENTICATED, message);
export const forbidden = (message: string) => new AppError(ErrorCode.FORBIDDEN, message);
