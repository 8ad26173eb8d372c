import fs from 'node:fs';

export interface FileBackedBuffer {
  /** Reads like a Buffer for indexing, big-endian integers, floats and slices; nothing else. */
  buffer: Buffer;
  close(): void;
}

/**
 * A read-only stand-in for `fs.readFileSync(file)` that reads the file in blocks as they are
 * touched and keeps only the most recent ones. A location database lookup reads a few hundred bytes
 * of a 60 MB file, so it costs about the kept blocks of memory instead of the whole file.
 * Made for mmdb-lib's reader, which needs a Buffer and uses only what is implemented here; anything
 * else throws, so a change in what the reader calls fails the tests instead of reading wrong bytes.
 */
export function openFileBackedBuffer(file: string, { blockSize = 4096, keptBlocks = 256 } = {}): FileBackedBuffer {
  const fd = fs.openSync(file, 'r');
  const size = fs.fstatSync(fd).size;
  // The kept blocks live in one slab, reused in place: a lookup allocates nothing that needs collecting.
  const slab = Buffer.alloc(blockSize * keptBlocks);
  const slotOf = new Map<number, number>();
  let filled = 0;

  /** Where in the slab block `index` of the file starts, read from the file if it is not kept. */
  const blockStart = (index: number): number => {
    let slot = slotOf.get(index);
    if (slot !== undefined) {
      // A Map keeps insertion order: moving a block to the end leaves the least recent one first.
      slotOf.delete(index);
    } else {
      if (filled < keptBlocks) {
        slot = filled++;
      } else {
        const [oldest, oldestSlot] = slotOf.entries().next().value as [number, number];
        slotOf.delete(oldest);
        slot = oldestSlot;
      }
      const length = Math.min(blockSize, size - index * blockSize);
      fs.readSync(fd, slab, slot * blockSize, length, index * blockSize);
    }
    slotOf.set(index, slot);
    return slot * blockSize;
  };

  const checkRange = (offset: number, length: number) => {
    if (!Number.isInteger(offset) || offset < 0 || offset + length > size) {
      throw new RangeError(`offset ${offset} (+${length}) is outside the file of ${size} bytes`);
    }
  };

  /** The bytes [offset, offset + length) as a Buffer and where they start in it (no copy within a block). */
  const view = (offset: number, length: number): [Buffer, number] => {
    checkRange(offset, length);
    const within = offset % blockSize;
    if (within + length <= blockSize) return [slab, blockStart((offset - within) / blockSize) + within];
    const copy = Buffer.allocUnsafe(length);
    fs.readSync(fd, copy, 0, length, offset);
    return [copy, 0];
  };

  const copy = (start = 0, end = size): Buffer => {
    const from = Math.max(0, Math.min(start, size));
    const to = Math.max(from, Math.min(end, size));
    const [bytes, at] = view(from, to - from);
    return Buffer.from(bytes.subarray(at, at + to - from));
  };

  type FixedRead = 'readUInt8' | 'readUInt16BE' | 'readUInt32BE' | 'readInt32BE' | 'readFloatBE' | 'readDoubleBE';
  const fixed = (method: FixedRead, length: number) => (offset: number) => {
    const [bytes, at] = view(offset, length);
    return bytes[method](at);
  };

  const methods: Record<string, unknown> = {
    length: size,
    readUInt8: fixed('readUInt8', 1),
    readUInt16BE: fixed('readUInt16BE', 2),
    readUInt32BE: fixed('readUInt32BE', 4),
    readInt32BE: fixed('readInt32BE', 4),
    readFloatBE: fixed('readFloatBE', 4),
    readDoubleBE: fixed('readDoubleBE', 8),
    readUIntBE: (offset: number, length: number) => {
      const [bytes, at] = view(offset, length);
      return bytes.readUIntBE(at, length);
    },
    subarray: copy,
    slice: copy,
    toString: (encoding: BufferEncoding = 'utf8', start = 0, end = size) => copy(start, end).toString(encoding),
  };

  const buffer = new Proxy(Object.create(Buffer.prototype) as Buffer, {
    get(_target, property) {
      if (typeof property !== 'string') return undefined;
      const code = property.charCodeAt(0);
      if (code >= 48 && code <= 57) {
        const offset = Number(property);
        if (offset >= size) return undefined;
        const within = offset % blockSize;
        return slab[blockStart((offset - within) / blockSize) + within];
      }
      if (Object.hasOwn(methods, property)) return methods[property];
      // Not a thenable: a promise resolving to this buffer must not call into it.
      if (property === 'then') return undefined;
      throw new TypeError(`a file-backed buffer cannot ${property}`);
    },
  });

  return { buffer, close: () => fs.closeSync(fd) };
}
