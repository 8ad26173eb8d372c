import { describe, expect, it } from 'vitest';
import { hasControlCharacter } from './control-characters';

describe('hasControlCharacter', () => {
  it('finds C0 control characters but tab, line feed and carriage return', () => {
    for (const text of ['\u0000', 'a\u0001', 'x\u001fy', '\u000b', '\u000c', '\u001b[31m']) {
      expect(hasControlCharacter(text), JSON.stringify(text)).toBe(true);
    }
    for (const text of ['', 'plain', 'tab\there', 'line\nbreak\r\n', 'é ü 💥', '\u007f', '\u0085']) {
      expect(hasControlCharacter(text), JSON.stringify(text)).toBe(false);
    }
  });
});
