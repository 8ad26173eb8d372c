import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openFileBackedBuffer, type FileBackedBuffer } from './file-backed-buffer';

describe('a file-backed buffer', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'file-backed-'));
  const file = path.join(dir, 'data.bin');
  // Not a multiple of the block size, so the last block is short.
  const whole = Buffer.from(Array.from({ length: 10_000 }, (_, i) => (i * 7919 + (i >> 3)) & 0xff));
  let backed: FileBackedBuffer;
  beforeAll(() => {
    fs.writeFileSync(file, whole);
    backed = openFileBackedBuffer(file, { blockSize: 64, keptBlocks: 4 });
  });
  afterAll(() => {
    backed.close();
    fs.rmSync(dir, { recursive: true });
  });

  it('reads what the whole file holds, across block edges and after blocks were dropped', () => {
    const { buffer } = backed;
    expect(Buffer.isBuffer(buffer)).toBe(true);
    expect(buffer.length).toBe(whole.length);
    const offsets = [0, 1, 62, 63, 64, 127, 128, 4095, 4096, 9_990, 9_991, 9_992];
    for (let i = 0; i < 200; i++) offsets.push(Math.floor((i * 104_729) % (whole.length - 8)));
    for (const offset of offsets) {
      expect(buffer[offset], `byte ${offset}`).toBe(whole[offset]);
      expect(buffer.readUInt8(offset)).toBe(whole.readUInt8(offset));
      expect(buffer.readUInt16BE(offset)).toBe(whole.readUInt16BE(offset));
      expect(buffer.readUInt32BE(offset)).toBe(whole.readUInt32BE(offset));
      expect(buffer.readInt32BE(offset)).toBe(whole.readInt32BE(offset));
      expect(buffer.readUIntBE(offset, 3)).toBe(whole.readUIntBE(offset, 3));
      expect(buffer.readFloatBE(offset)).toBe(whole.readFloatBE(offset));
      expect(Object.is(buffer.readDoubleBE(offset), whole.readDoubleBE(offset))).toBe(true);
      expect(buffer.subarray(offset, offset + 100).equals(whole.subarray(offset, offset + 100))).toBe(true);
      expect(buffer.toString('hex', offset, offset + 70)).toBe(whole.toString('hex', offset, offset + 70));
    }
    expect(buffer.slice(whole.length - 3, whole.length + 5).equals(whole.subarray(whole.length - 3))).toBe(true);
  });

  it('refuses reads past the end and anything it does not implement', () => {
    const { buffer } = backed;
    expect(buffer[whole.length]).toBeUndefined();
    expect(() => buffer.readUInt32BE(whole.length - 2)).toThrow(RangeError);
    expect(() => buffer.readUInt8(-1)).toThrow(RangeError);
    expect(() => buffer.indexOf(1)).toThrow(/cannot indexOf/);
    expect(() => buffer.fill(0)).toThrow(/cannot fill/);
  });

  it('can be the value of a promise', async () => {
    expect(await Promise.resolve(backed.buffer)).toBe(backed.buffer);
  });
});
