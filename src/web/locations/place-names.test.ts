import { describe, expect, it } from 'vitest';
import { placeOptions } from './place-names';

// The divisions as the API sends them (by id).
const DIVISIONS = [
  { _id: '1', name: 'Chattogram', bn_name: 'চট্টগ্রাম' },
  { _id: '2', name: 'Rajshahi', bn_name: 'রাজশাহী' },
  { _id: '3', name: 'Khulna', bn_name: 'খুলনা' },
  { _id: '4', name: 'Barisal', bn_name: 'বরিশাল' },
  { _id: '5', name: 'Sylhet', bn_name: 'সিলেট' },
  { _id: '6', name: 'Dhaka', bn_name: 'ঢাকা' },
  { _id: '7', name: 'Rangpur', bn_name: 'রংপুর' },
  { _id: '8', name: 'Mymensingh', bn_name: 'ময়মনসিংহ' },
];

describe('placeOptions', () => {
  it('lists places by their Bangla names in Bangla order in Bangla mode', () => {
    const labels = placeOptions(DIVISIONS, true).map((d) => d.label);
    expect(labels).toEqual(['খুলনা', 'চট্টগ্রাম', 'ঢাকা', 'বরিশাল', 'ময়মনসিংহ', 'রংপুর', 'রাজশাহী', 'সিলেট']);
    // The order Intl gives Bangla, whatever the English one.
    expect(labels).toEqual([...labels].sort(new Intl.Collator('bn').compare));
  });

  it('lists them by their English names in English mode, keeping every field', () => {
    const options = placeOptions(DIVISIONS, false);
    expect(options.map((d) => d.label)).toEqual(['Barisal', 'Chattogram', 'Dhaka', 'Khulna', 'Mymensingh', 'Rajshahi', 'Rangpur', 'Sylhet']);
    expect(options[0]).toEqual({ _id: '4', name: 'Barisal', bn_name: 'বরিশাল', label: 'Barisal' });
  });

  it('gives nothing for a list not loaded yet, and leaves the given list alone', () => {
    expect(placeOptions(undefined, true)).toEqual([]);
    placeOptions(DIVISIONS, true);
    expect(DIVISIONS[0]!.name).toBe('Chattogram');
  });
});
