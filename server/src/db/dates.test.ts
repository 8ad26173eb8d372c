import { describe, expect, it } from 'vitest';
import { toIsoDate } from './dates';

describe('toIsoDate', () => {
  const iso = '2026-03-04T05:06:07.089Z';

  it('reads a time as either engine hands it over', () => {
    expect(toIsoDate(new Date(iso))).toBe(iso);
    expect(toIsoDate(iso)).toBe(iso);
    expect(toIsoDate(Date.parse(iso))).toBe(iso);
    expect(toIsoDate(String(Date.parse(iso)))).toBe(iso);
  });
});
