import type { OutreachProgress } from '../../../shared/notifications';
import { INTL_LOCALE, type Lang } from '../../../shared/i18n';
import type { outreachText } from '../texts';

// The outreach panel's sentences (issue 15), pure so they are tested without a browser. `t` is
// `useMessages(outreachText)`: the words in the current language.

export type OutreachWords = ReturnType<typeof outreachText.get>;

/** "upazila", "district", "nearby districts (farthest: Feni)", ..., "not started". */
export function areaText({ area, farthestDistrict }: Pick<OutreachProgress, 'area' | 'farthestDistrict'>, t: OutreachWords): string {
  const farthest = farthestDistrict ? t.farthest({ district: farthestDistrict }) : '';
  switch (area) {
    case 'none':
      return t.none;
    case 'upazila':
      return t.upazila;
    case 'district':
      return t.district;
    case 'nearby':
      return `${t.nearby}${farthest}`;
    case 'far':
      return `${t.far}${farthest}`;
  }
}

/** "Notified 12 donors · 2 accepted · 3 declined · 1 of 2 pledged · 1 wave · reached: district". */
export function outreachSummary(p: OutreachProgress, t: OutreachWords): string {
  return [
    t.notified(p.notified),
    t.accepted({ count: p.accepted }),
    t.declined({ count: p.declined }),
    t.pledged({ count: p.pledged, units: p.unitsNeeded }),
    t.waves(p.waves),
    t.reached({ area: areaText(p, t) }),
  ].join(' · ');
}

const times = new Map<Lang, Intl.DateTimeFormat>();

/** "Next wave at 14:05" (Bangladesh time, "১৪:০৫" in Bangla), or null when no wave is due. */
export function nextWaveText(nextWaveAt: string | null, t: OutreachWords, code: Lang): string | null {
  if (!nextWaveAt) return null;
  const at = new Date(nextWaveAt);
  if (Number.isNaN(at.getTime())) return null;
  let format = times.get(code);
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_LOCALE[code], { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'Asia/Dhaka' });
    times.set(code, format);
  }
  return t.nextWave({ time: format.format(at) });
}
