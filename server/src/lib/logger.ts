import { formatWithOptions, inspect } from 'node:util';
import { currentRequestId } from './request-context';

/** One JSON object per line on stdout: easy to read for people and for log shippers. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type LogFields = Record<string, unknown>;

export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
}

const ORDER: Record<LogLevel | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export function createLogger(
  level: LogLevel | 'silent',
  write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Logger {
  const emit = (at: LogLevel, message: string, fields?: LogFields) => {
    if (ORDER[at] < ORDER[level]) return;
    // Every line written while serving a request names it, whichever code wrote it.
    const requestId = currentRequestId();
    write(
      JSON.stringify({
        time: new Date().toISOString(),
        level: at,
        msg: message,
        ...(requestId && { requestId }),
        ...fields,
      }),
    );
  };
  return {
    debug: (message, fields) => emit('debug', message, fields),
    info: (message, fields) => emit('info', message, fields),
    warn: (message, fields) => emit('warn', message, fields),
    error: (message, fields) => emit('error', message, fields),
  };
}

/** Errors as plain fields (the stack stays in our logs, never in a response). */
export function errorFields(error: unknown): LogFields {
  if (error instanceof Error) return { error: error.message, stack: error.stack };
  return { error: String(error) };
}

/**
 * What a library handed its logger beside the message (errors, objects), as one field: text inside
 * a JSON line, never lines of its own.
 */
export function argumentFields(args: unknown[]): LogFields | undefined {
  if (args.length === 0) return undefined;
  return {
    details: args.map((arg) =>
      arg instanceof Error
        ? errorFields(arg)
        : typeof arg === 'string'
          ? arg
          : inspect(arg, { depth: 4, breakLength: Infinity }),
    ),
  };
}

// Colour codes a library adds to its own lines (Better Auth's default logger does).
// eslint-disable-next-line no-control-regex
const ANSI_CODES = /\u001b\[[0-9;]*m/g;

/**
 * Sends whatever the process prints through `console` (libraries that log on their own: Better
 * Auth's default logger, better-call's router) to the logger, so that every line the process writes
 * is one JSON object and no text in it can start a line of its own.
 */
export function routeConsoleTo(logger: Logger): void {
  const at =
    (level: LogLevel) =>
    (...args: unknown[]) =>
      logger[level](formatWithOptions({ colors: false }, ...args).replace(ANSI_CODES, ''), { source: 'console' });
  Object.assign(console, {
    debug: at('debug'),
    log: at('info'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    trace: at('error'),
  });
}
