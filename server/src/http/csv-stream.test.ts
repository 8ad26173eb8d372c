import { describe, expect, it } from 'vitest';
import { createLogger, type LogFields } from '../lib/logger';
import { parseCsv } from '#test/csv';
import { CSV_INTERRUPTED, csvDownload, type CsvColumn, type CsvEnd } from './csv-stream';

interface Item {
  name: string;
  note: string | null;
}
const COLUMNS: CsvColumn<Item>[] = [
  { header: 'name', cell: (item) => item.name },
  { header: 'note', cell: (item) => item.note },
];

/** Batches of items that count how many were asked for, and can fail at a given batch. */
function source(count: number, failAt?: number) {
  const state = { served: 0, closed: false };
  async function* batches() {
    try {
      for (let index = 0; index < count; index += 1) {
        if (index === failAt) throw new Error('connection to the database lost at 10.0.0.5');
        state.served += 1;
        yield [{ name: `item ${index}`, note: index % 2 ? 'with "quotes", commas\nand lines' : null }];
      }
    } finally {
      state.closed = true;
    }
  }
  return { state, batches: batches() };
}

const silent = () => {
  const errors: LogFields[] = [];
  return {
    errors,
    logger: { ...createLogger('silent'), error: (_: string, fields?: LogFields) => errors.push(fields ?? {}) },
  };
};

describe('CSV downloads streamed from batches', () => {
  it('writes a BOM, the header and every row, quoting what needs it, one batch per read', async () => {
    const { state, batches } = source(3);
    const response = await csvDownload({ filename: 'items.csv', columns: COLUMNS, batches, logger: silent().logger });
    expect(state.served).toBe(1);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    expect(text.split('\r\n')[0]).toBe('\uFEFFname,note');
    expect(parseCsv(text)).toEqual([
      ['name', 'note'],
      ['item 0', ''],
      ['item 1', 'with "quotes", commas\nand lines'],
      ['item 2', ''],
    ]);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="items.csv"');
  });

  it('answers the header alone when there is nothing, and keeps the file name to plain characters', async () => {
    const { batches } = source(0);
    const response = await csvDownload({
      filename: 'a"b\r\nc.csv',
      columns: COLUMNS,
      batches,
      logger: silent().logger,
    });
    expect(parseCsv(await response.text())).toEqual([['name', 'note']]);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="a_b__c.csv"');
  });

  it('breaks the download off on a failure after the first batch, logging it without telling the client', async () => {
    const { state, batches } = source(5, 2);
    const { errors, logger } = silent();
    const response = await csvDownload({ filename: 'items.csv', columns: COLUMNS, batches, logger });
    const reader = response.body!.getReader();
    await reader.read();
    await reader.read();
    const failure = await reader.read().then(
      () => 'no error',
      (error: Error) => error.message,
    );
    expect(failure).toBe(CSV_INTERRUPTED);
    expect(errors).toEqual([expect.objectContaining({ error: 'connection to the database lost at 10.0.0.5' })]);
    expect(state.served).toBe(2);
  });

  it('stops reading batches when the client goes away', async () => {
    const { state, batches } = source(1000);
    const response = await csvDownload({ filename: 'items.csv', columns: COLUMNS, batches, logger: silent().logger });
    const reader = response.body!.getReader();
    await reader.read();
    await reader.read();
    await reader.cancel();
    expect(state.served).toBe(2);
    expect(state.closed).toBe(true);
  });

  it('quotes a cell holding a lone CR or LF, and escapes a formula start after each line break', async () => {
    const notes = ['a\n=cmd', 'a\r=cmd', '\r=cmd', 'a\r\n+1', 'a\n\n-1', 'a\n@x', 'a\nplain'];
    async function* batches() {
      yield notes.map((note) => ({ name: 'n', note }));
    }
    const response = await csvDownload({
      filename: 'i.csv',
      columns: COLUMNS,
      batches: batches(),
      logger: silent().logger,
    });
    const rows = parseCsv(await response.text());
    expect(rows.map((row) => row[1])).toEqual([
      'note',
      "a\n'=cmd",
      "a\r'=cmd",
      "'\r'=cmd",
      "a\r\n'+1",
      "a\n\n'-1",
      "a\n'@x",
      'a\nplain',
    ]);
  });

  it('says once how the download ended and how many rows it sent', async () => {
    const ends: [CsvEnd, number][] = [];
    const onEnd = (end: CsvEnd, rows: number) => ends.push([end, rows]);
    await (
      await csvDownload({
        filename: 'i.csv',
        columns: COLUMNS,
        batches: source(3).batches,
        logger: silent().logger,
        onEnd,
      })
    ).text();
    const broken = await csvDownload({
      filename: 'i.csv',
      columns: COLUMNS,
      batches: source(5, 2).batches,
      logger: silent().logger,
      onEnd,
    });
    await broken.text().catch(() => undefined);
    const left = await csvDownload({
      filename: 'i.csv',
      columns: COLUMNS,
      batches: source(9).batches,
      logger: silent().logger,
      onEnd,
    });
    const reader = left.body!.getReader();
    await reader.read();
    await reader.cancel();
    expect(ends).toEqual([
      ['complete', 3],
      ['interrupted', 2],
      ['cancelled', 1],
    ]);
  });
});
