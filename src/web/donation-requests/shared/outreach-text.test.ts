import { describe, expect, it } from 'vitest';
import type { OutreachProgress } from '../../../shared/notifications';
import { outreachText } from '../texts';
import { areaText, nextWaveText, outreachSummary } from './outreach-text';

const progress = (overrides: Partial<OutreachProgress> = {}): OutreachProgress => ({
  notified: 12,
  accepted: 2,
  declined: 3,
  pledged: 1,
  unitsNeeded: 2,
  waves: 2,
  area: 'district',
  farthestDistrict: null,
  nextWaveAt: null,
  ...overrides,
});

// The English words (the base language needs no catalogue).
const t = outreachText.get();

describe('the outreach panel texts', () => {
  it('sums the progress up in one line', () => {
    expect(outreachSummary(progress(), t)).toBe('Notified 12 donors · 2 accepted · 3 declined · 1 of 2 pledged · 2 waves · reached: district');
    expect(outreachSummary(progress({ notified: 1, waves: 1, area: 'upazila' }), t)).toBe(
      'Notified 1 donor · 2 accepted · 3 declined · 1 of 2 pledged · 1 wave · reached: upazila',
    );
    expect(outreachSummary(progress({ notified: 0, accepted: 0, declined: 0, pledged: 0, waves: 0, area: 'none' }), t)).toBe(
      'Notified 0 donors · 0 accepted · 0 declined · 0 of 2 pledged · 0 waves · reached: not started',
    );
  });

  it('names the farthest district of a wider search', () => {
    expect(areaText({ area: 'nearby', farthestDistrict: 'Feni' }, t)).toBe('nearby districts (farthest: Feni)');
    expect(areaText({ area: 'far', farthestDistrict: 'Sylhet' }, t)).toBe('far districts (farthest: Sylhet)');
    expect(areaText({ area: 'far', farthestDistrict: null }, t)).toBe('far districts');
  });

  it('gives the next wave in Bangladesh time (UTC+6), in the language digits', () => {
    expect(nextWaveText('2026-03-05T08:05:00.000Z', t, 'en')).toBe('Next wave at 14:05');
    expect(nextWaveText('2026-03-05T18:30:00.000Z', t, 'en')).toBe('Next wave at 00:30');
    expect(nextWaveText('2026-03-05T08:05:00.000Z', t, 'bn')).toBe('Next wave at ১৪:০৫');
    expect(nextWaveText(null, t, 'en')).toBeNull();
    expect(nextWaveText('not a date', t, 'en')).toBeNull();
  });
});
