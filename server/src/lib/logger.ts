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
