import { ConfigError } from './config/env';

/** The server process's exit codes (docs/OPERATIONS.md, "Exit codes"). */
export const EXIT_CODE = {
  /** Stopped on SIGTERM or SIGINT, or a cluster worker whose primary is gone. */
  stopped: 0,
  /** The configuration is wrong, start-up failed unforeseen (with its stack), or the stop took over 10 s. */
  failed: 1,
  /** The database cannot be written: a read-only file or directory, a read-only database or role, a standby. */
  databaseNotWritable: 77,
} as const;

export interface StartupFailure {
  /** One line for whoever runs the server: what is wrong, and where to look. */
  line: string;
  exitCode: number;
}

/** Where the server was told its database is, to name it in the line. */
export interface DatabaseTarget {
  dialect: 'sqlite' | 'postgres';
  sqlitePath: string;
}

interface CodedError {
  code?: unknown;
  message?: unknown;
  path?: unknown;
  cause?: unknown;
}

/** The error and its causes (a failed migration wraps the database's own error). */
function* causes(error: unknown): Generator<CodedError> {
  for (let depth = 0; error && typeof error === 'object' && depth < 5; depth++) {
    yield error as CodedError;
    error = (error as CodedError).cause;
  }
}

// PostgreSQL's read_only_sql_transaction (default_transaction_read_only, a hot standby) and insufficient_privilege.
const POSTGRES_REFUSED_WRITE = new Set(['25006', '42501']);
// A file the server must write (the SQLite file, its WAL, a key file beside it) that the OS will not let it.
const FILE_NOT_WRITABLE = new Set(['EACCES', 'EPERM', 'EROFS']);

/**
 * What stopped the server from starting, as one line and a deliberate exit code; null for a failure nobody
 * foresaw, whose stack is worth printing.
 */
export function describeStartupFailure(error: unknown, target?: DatabaseTarget): StartupFailure | null {
  if (error instanceof ConfigError) return { line: error.message, exitCode: EXIT_CODE.failed };
  const notWritable = (what: string, advice: string) => ({
    line: `Meridian cannot start: ${what}. ${advice}`,
    exitCode: EXIT_CODE.databaseNotWritable,
  });
  for (const cause of causes(error)) {
    const code = typeof cause.code === 'string' ? cause.code : '';
    const message = String(cause.message ?? code);
    if (code.startsWith('SQLITE_READONLY') || code.startsWith('SQLITE_CANTOPEN')) {
      const file = target?.dialect === 'sqlite' ? `SQLite database ${target.sqlitePath}` : 'SQLite database';
      return notWritable(
        `the ${file} cannot be written (${message})`,
        'Check that this user may write the file, its -wal and -shm files and their directory.',
      );
    }
    if (target?.dialect === 'postgres' && POSTGRES_REFUSED_WRITE.has(code)) {
      return notWritable(
        `PostgreSQL refuses writes (${message})`,
        'Point DATABASE_URL at a writable primary, with default_transaction_read_only off and a role that may write.',
      );
    }
    if (FILE_NOT_WRITABLE.has(code) && typeof cause.path === 'string') {
      return notWritable(
        `${cause.path} cannot be written (${code})`,
        'Check that this user may write it and its directory.',
      );
    }
  }
  return null;
}
