/**
 * The one catalog of business codes (CONTRACT §1). Every error a client can see is an AppError
 * created here; the HTTP layer maps it to the envelope in one place.
 */
export const Codes = {
  ok: 0,
  notFound: 10104,
  invalidKey: 10105,
  insufficientCredit: 18020,
  noPermission: 18025,
  parameter: 40000,
  rateLimited: 429,
  system: 50000,
} as const;

export type BusinessCode = (typeof Codes)[keyof typeof Codes];

export class AppError extends Error {
  constructor(
    readonly code: BusinessCode,
    message: string,
    /** HTTP status; business errors are 200 so that clients read the envelope. */
    readonly httpStatus = 200,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const errors = {
  notFound: (what: string) => new AppError(Codes.notFound, `Record not found: ${what}`),
  invalidKey: () => new AppError(Codes.invalidKey, 'Invalid API key'),
  noPermission: () => new AppError(Codes.noPermission, 'No permission to call APIs: the API key is revoked or the account is suspended'),
  insufficientCredit: (needed: number, balance: number) =>
    new AppError(Codes.insufficientCredit, `Insufficient credit: this video needs ${needed}, the balance is ${balance}`),
  /** `field` and `rule` read as one sentence: "video_length must be one of 15, 30, 60". */
  parameter: (field: string, rule: string) => new AppError(Codes.parameter, `Parameter error: ${field} ${rule}`),
  badRequest: (message: string) => new AppError(Codes.parameter, `Parameter error: ${message}`),
  rateLimited: (retryAfterSeconds: number) =>
    new AppError(Codes.rateLimited, `Rate limit exceeded: retry after ${retryAfterSeconds} s`, 429),
  routeNotFound: (method: string, url: string) => new AppError(Codes.notFound, `Record not found: no route ${method} ${url}`, 404),
  /** Also for a /files/ path that is refused (traversal, dotfile, directory): no hint whether it exists. */
  fileNotFound: (url: string) => new AppError(Codes.notFound, `Record not found: no file ${url}`, 404),
};
