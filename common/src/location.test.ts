import { describe, expect, it } from 'vitest';
import { countryName, describeLocation } from './location';

describe('describeLocation', () => {
  it('joins city, region and the country by its name, leaving out what is unknown', () => {
    expect(describeLocation({ city: 'Paris', region: 'Île-de-France', country: 'FR' }, 'en')).toBe(
      'Paris, Île-de-France, France',
    );
    expect(describeLocation({ city: 'Lisbon', country: 'pt' }, 'en')).toBe('Lisbon, Portugal');
    expect(describeLocation({ country: 'DE' }, 'de')).toBe('Deutschland');
    expect(describeLocation({ city: null, region: undefined, country: '' }, 'en')).toBeNull();
  });

  it('keeps a country code no name is known for, as it came', () => {
    expect(countryName('T1', 'en')).toBe('T1');
    expect(countryName('Narnia', 'en')).toBe('Narnia');
  });
});
