import { stringify, type Options } from 'csv-stringify/sync';
import { errorFields, type Logger } from '../lib/logger';

/** A cell as the export gives it: text, or nothing (an empty cell). */
export type CsvCell = string | null;

export interface CsvColumn<Row> {
  header: string;
  cell: (row: Row) => CsvCell;
}

/**
 * RFC 4180 lines. A cell that starts like a formula (`=`, `+`, `-`, `@`, a tab…) gets a leading `'`,
 * so a spreadsheet shows it as text instead of running it: the cells hold what others typed. Every
 * cell holding a CR or LF is quoted (the library, given a record delimiter, would quote only CRLF),
 * or a lone line break would start a new row there.
 */
const CSV_OPTIONS: Options = { escape_formulas: true, record_delimiter: 'windows', quote_record_delimiter: true };
/** A line break, then what a spreadsheet would read as a formula (csv-stringify's list, as it checks a cell's start). */
const FORMULA_AFTER_BREAK = /([\r\n]+)(?=[=+\-@\t\uFF1D\uFF0B\uFF0D\uFF20])/g;

/**
 * A cell as it is written: past each line break, a formula start gets the same `'` as at the cell's
 * start, for a reader that splits a quoted cell at its line breaks all the same.
 */
export const csvSafeCell = (cell: CsvCell): CsvCell =>
  cell === null ? null : cell.replace(FORMULA_AFTER_BREAK, "$1'");
/** Lets spreadsheets read the file as UTF-8 (Excel otherwise guesses a local code page). */
const BOM = '\uFEFF';
const encoder = new TextEncoder();

/** How a download ended: every row sent, broken off by an error, or given up by the client. */
export type CsvEnd = 'complete' | 'interrupted' | 'cancelled';

/** Why the download broke off, in place of the error itself (whose words are for the log only). */
export const CSV_INTERRUPTED = 'The export was interrupted';

/**
 * A CSV download streamed from batches of rows: each batch is read only when the client has taken
 * the one before, so memory holds one batch however many rows there are. The first batch is read
 * before answering, so a failure there is an ordinary error answer; a later one breaks the download
 * off (logged), which the client sees as an incomplete transfer rather than a short file.
 */
export async function csvDownload<Row>({
  filename,
  columns,
  batches,
  logger,
  onEnd,
}: {
  filename: string;
  columns: readonly CsvColumn<Row>[];
  batches: AsyncIterable<Row[]>;
  logger: Logger;
  /** Told once, when the download ends, how many rows it sent (for the audit trail). */
  onEnd?: (end: CsvEnd, rows: number) => void;
}): Promise<Response> {
  const iterator = batches[Symbol.asyncIterator]();
  let sent = 0;
  let ended = false;
  const end = (how: CsvEnd) => {
    if (ended) return;
    ended = true;
    onEnd?.(how, sent);
  };
  const lines = (rows: Row[]) => {
    sent += rows.length;
    return stringify(
      rows.map((row) => columns.map((column) => csvSafeCell(column.cell(row)))),
      CSV_OPTIONS,
    );
  };
  const first = await iterator.next();
  const head = BOM + stringify([columns.map((column) => column.header)], CSV_OPTIONS);
  let opening: string | null = head + (first.done ? '' : lines(first.value));

  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (opening !== null) {
          controller.enqueue(encoder.encode(opening));
          opening = null;
          if (first.done) {
            controller.close();
            end('complete');
          }
          return;
        }
        try {
          const next = await iterator.next();
          if (next.done) {
            controller.close();
            end('complete');
          } else controller.enqueue(encoder.encode(lines(next.value)));
        } catch (error) {
          logger.error('csv export interrupted', { filename, ...errorFields(error) });
          controller.error(new Error(CSV_INTERRUPTED));
          end('interrupted');
        }
      },
      async cancel() {
        // The client went away: the batches stop here.
        end('cancelled');
        await iterator.return?.();
      },
    },
    // Nothing is read ahead of the client.
    { highWaterMark: 0 },
  );
  return new Response(body, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      // Only plain characters: the name goes inside a quoted header value.
      'content-disposition': `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`,
      // Exports hold personal data: no cache keeps a copy.
      'cache-control': 'no-store',
    },
  });
}
