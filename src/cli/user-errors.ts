import { CommanderError } from 'commander';
import { OperatorError } from '../accounts/account.service.ts';
import { ConfigError } from '../config/config.ts';

type SystemError = Error & { code?: string; errno?: number; address?: string; port?: number; syscall?: string; errors?: unknown[] };

/** Hides the password of a database or Redis URL before it is printed. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unparsable DATABASE_URL)';
  }
}

/** PostgreSQL error codes a wrong DATABASE_URL gives (class 28 and 3D). */
const PG_CODES: Record<string, string> = {
  '28P01': 'the password was refused',
  '28000': 'the user is not allowed to connect',
  '3D000': 'the database does not exist',
};

/**
 * The one line a user mistake deserves (bad option, bad setting, port taken, database out of
 * reach), or null for anything else (a bug, shown with its stack). `what` says what the process
 * was doing: { port } while listening, { databaseUrl } while opening the database.
 */
export function userErrorMessage(err: unknown, context: { port?: number; host?: string; databaseUrl?: string | undefined } = {}): string | null {
  if (err instanceof OperatorError || err instanceof ConfigError) return err.message;
  const e = err as SystemError;
  const code = e?.code ?? (e?.errors?.[0] as SystemError | undefined)?.code;
  if (code === 'EADDRINUSE') return `port ${e.port ?? context.port} is already in use (another reelsmith serve?); set PORT to a free port`;
  if (code === 'EACCES' && e.syscall === 'listen') return `no permission to listen on port ${e.port ?? context.port}; set PORT to 1024 or above`;
  if (code === 'EADDRNOTAVAIL' && e.syscall === 'listen') return `HOST ${context.host ?? e.address} is not an address of this machine`;
  if (context.databaseUrl !== undefined || (code && PG_CODES[code])) {
    const where = context.databaseUrl ? redactUrl(context.databaseUrl) : 'the database';
    if (code && PG_CODES[code]) return `cannot use ${where}: ${PG_CODES[code]} (check DATABASE_URL)`;
    if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'ETIMEDOUT' || code === 'EHOSTUNREACH') {
      return `cannot reach the database at ${where} (${code}); is it running, and is DATABASE_URL right?`;
    }
    if (/Connection terminated|timeout expired/i.test(e?.message ?? '')) {
      return `cannot reach the database at ${where} (${e.message}); is it running, and is DATABASE_URL right?`;
    }
  }
  if (code === 'SQLITE_CANTOPEN' || (code === 'ENOENT' && e.syscall === 'mkdir') || code === 'EACCES') {
    return `cannot open the data directory or database: ${e.message} (check DATA_DIR)`;
  }
  return null;
}

/** Commander reports its own errors (unknown option, missing value) on stderr before throwing. */
export function isCommanderExit(err: unknown): err is CommanderError {
  return err instanceof CommanderError;
}

/** Runs startup work; a user mistake in it (port, database, settings) becomes an OperatorError with its one line. */
export async function explained<T>(context: { port?: number; host?: string; databaseUrl?: string | undefined }, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    const msg = userErrorMessage(err, context);
    if (msg !== null && !(err instanceof OperatorError)) throw new OperatorError(msg);
    throw err;
  }
}
