import { describe, expect, it } from 'vitest';
import { searchParams } from './search-params';

describe('the query string of a record', () => {
  it('keeps the values set, in order, and drops undefined, null and empty ones', () => {
    const params = searchParams({
      userId: 'a b',
      action: '',
      outcome: undefined,
      banned: false,
      cursor: null,
      limit: 20,
    });
    expect(params.toString()).toBe('userId=a+b&banned=false&limit=20');
    expect(searchParams({ z: 'last', a: 0 }).toString()).toBe('z=last&a=0');
  });

  it('is empty when nothing is set', () => {
    expect(searchParams({ search: '', role: undefined }).size).toBe(0);
  });
});
