import {
  apiMessage,
  ERROR_STATUS,
  ErrorCode,
  type ApiMessageKey,
  type ApiMessageParams,
  type ApiMessageRef,
  type FieldErrorKeys,
  type FieldErrors,
} from '@waypoint/contracts';

/** A message of the catalog: its key, or its key and parameters. */
export type Message = ApiMessageKey | ApiMessageRef;
/** Per-field messages keyed by the dotted path of the field. */
export type FieldMessages = Record<string, Message>;

export const refOf = (message: Message): ApiMessageRef =>
  typeof message === 'string' ? { key: message } : message;

export interface AppErrorOptions {
  /** Per-field messages keyed by the dotted path of the field. */
  fieldErrors?: FieldMessages | undefined;
  /** Sent as Retry-After with 429 and 503 replies. */
  retryAfterSeconds?: number | undefined;
}

/**
 * An error whose message is meant for the person using the product. Its code comes from the `ErrorCode`
 * catalogue of libs/contracts, and the code decides the HTTP status (`ERROR_STATUS`), so the two never disagree.
 * Its message is a key of the message catalog (`ApiMessages`): `message` is the English text, and the reply
 * carries the key and parameters too, so that a front end can show it in the reader's language.
 */
export class AppError extends Error {
  readonly statusCode: number;
  readonly messageKey: ApiMessageKey;
  readonly messageParams: ApiMessageParams | undefined;
  /** The English message of each field. */
  readonly fieldErrors: FieldErrors | undefined;
  /** The catalog key and parameters of each field's message. */
  readonly fieldErrorKeys: FieldErrorKeys | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(
    public readonly code: ErrorCode,
    message: Message,
    options: AppErrorOptions = {},
  ) {
    const ref = refOf(message);
    super(apiMessage(ref.key, ref.params));
    this.name = 'AppError';
    this.statusCode = ERROR_STATUS[code];
    this.messageKey = ref.key;
    this.messageParams = ref.params;
    if (options.fieldErrors) {
      const fields = Object.entries(options.fieldErrors).map(
        ([path, m]) => [path, refOf(m)] as const,
      );
      this.fieldErrors = Object.fromEntries(
        fields.map(([path, r]) => [path, apiMessage(r.key, r.params)]),
      );
      this.fieldErrorKeys = Object.fromEntries(fields);
    }
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export const notFound = (message: Message = 'error.notFound') =>
  new AppError(ErrorCode.NOT_FOUND, message);
export const badRequest = (message: Message, fieldErrors?: FieldMessages) =>
  new AppError(ErrorCode.BAD_REQUEST, message, { fieldErrors });
/** A request whose fields break a rule the schema cannot check (an unknown country, a common password…). */
export const validationFailed = (message: Message, fieldErrors?: FieldMessages) =>
  new AppError(ErrorCode.VALIDATION_FAILED, message, { fieldErrors });
export const conflict = (message: Message, fieldErrors?: FieldMessages) =>
  new AppError(ErrorCode.CONFLICT, message, { fieldErrors });

export const unauthenticated = (message: Message) =>
  new AppError(ErrorCode.UNAUTHENTICATED, message);
export const forbidden = (message: Message) => new AppError(ErrorCode.FORBIDDEN, message);

/**
 * Something that existed but can no longer be used (an invitation expired, used or withdrawn): answered 410 Gone,
 * with the code of a missing thing (`NOT_FOUND`) and a message saying which case it is.
 */
export class GoneError extends AppError {
  override readonly statusCode = 410;
}
export const gone = (message: Message) => new GoneError(ErrorCode.NOT_FOUND, message);
