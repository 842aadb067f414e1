import type { OutreachProgress } from '../../../shared/notifications';
import { OUTREACH_MESSAGES } from '../../../shared/outreach-rules';

// The outreach panel's sentences (issue 15), pure so they are tested without a browser.

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "upazila", "district", "nearby districts (farthest: Feni)", ..., "not started". */
export function areaText({ area, farthestDistrict }: Pick<OutreachProgress, 'area' | 'farthestDistrict'>): string {
  const farthest = farthestDistrict ? ` (farthest: ${farthestDistrict})` : '';
  switch (area) {
    case 'none':
      return 'not started';
    case 'upazila':
      return 'upazila';
    case 'district':
      return 'district';
    case 'nearby':
      return `nearby districts${farthest}`;
    case 'far':
      return `far districts${farthest}`;
  }
}

/** "Notified 12 donors · 2 accepted · 3 declined · 1 of 2 pledged · 1 wave · reached: district". */
export function outreachSummary(p: OutreachProgress): string {
  return [
    `Notified ${count(p.notified, 'donor', 'donors')}`,
    `${p.accepted} accepted`,
    `${p.declined} declined`,
    `${p.pledged} of ${p.unitsNeeded} pledged`,
    count(p.waves, 'wave', 'waves'),
    `reached: ${areaText(p)}`,
  ].join(' · ');
}

const DHAKA_TIME = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'Asia/Dhaka' });

/** "Next wave at 14:05" (Bangladesh time), or null when no wave is due. */
export function nextWaveText(nextWaveAt: string | null): string | null {
  if (!nextWaveAt) return null;
  const at = new Date(nextWaveAt);
  if (Number.isNaN(at.getTime())) return null;
  return OUTREACH_MESSAGES.nextWaveAt(DHAKA_TIME.format(at));
}
