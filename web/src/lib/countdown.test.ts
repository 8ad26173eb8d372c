import { describe, expect, it } from 'vitest';
import { formatCountdown } from './countdown';

describe('formatCountdown', () => {
  it('shows minutes and seconds, hours past an hour, rounding a started second up', () => {
    expect(formatCountdown(59 * 60_000 + 12_000)).toBe('59:12');
    expect(formatCountdown(59 * 60_000 + 11_001)).toBe('59:12');
    expect(formatCountdown(65_000)).toBe('1:05');
    expect(formatCountdown(3_600_000)).toBe('1:00:00');
    expect(formatCountdown(3_723_000)).toBe('1:02:03');
    expect(formatCountdown(999)).toBe('0:01');
  });

  it('stops at zero', () => {
    expect(formatCountdown(0)).toBe('0:00');
    expect(formatCountdown(-5_000)).toBe('0:00');
  });
});
