import { describe, expect, it } from 'vitest';
import { nextFreeSlug } from './organization-slug';

describe('nextFreeSlug', () => {
  it('keeps the name’s own slug while it is free', () => {
    expect(nextFreeSlug('acme', [])).toBe('acme');
    expect(nextFreeSlug('acme', ['acme-2', 'acme-corp'])).toBe('acme');
  });

  it('numbers after the highest number in use, whatever the gaps', () => {
    expect(nextFreeSlug('acme', ['acme'])).toBe('acme-2');
    expect(nextFreeSlug('acme', ['acme', 'acme-2', 'acme-7', 'acme-3'])).toBe('acme-8');
  });

  it('counts only its own numbers, not other slugs that start alike', () => {
    expect(nextFreeSlug('acme', ['acme', 'acme-corp', 'acme-corp-9', 'acme-2x'])).toBe('acme-2');
  });
});
