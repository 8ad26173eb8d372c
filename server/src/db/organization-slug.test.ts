import { describe, expect, it } from 'vitest';
import { nextFreeSlug, slugify } from './organization-slug';

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

describe('slugify', () => {
  it('keeps letters and digits, accents dropped, anything else one hyphen', () => {
    expect(slugify('Café Röstì & Co')).toBe('cafe-rosti-co');
    expect(slugify('  --Acme  2.0--  ')).toBe('acme-2-0');
  });

  it('names an organization whose name has nothing to keep, and stays short', () => {
    expect(slugify('日本 ✨')).toBe('organization');
    expect(slugify('a'.repeat(60))).toHaveLength(40);
  });
});
