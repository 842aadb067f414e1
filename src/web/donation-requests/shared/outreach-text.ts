import type { OutreachProgress } from '../../../shared/outreach/schemas';
import type { Lang } from '../../../shared/i18n/model';
import { dhakaDay, formatClock } from '../../lib/clock';
import type { outreachText } from '../texts';

// The outreach panel's sentences (issues 15 and 38): how the search for donors is going, as a
// worried family reads it. "We told 20 donors near Savar. Nobody has answered yet. We will tell
// more donors at 6:16 pm." Pure, so it is tested without a browser. `t` is
// `useMessages(outreachText)`: the words in the current language.

export type OutreachWords = ReturnType<typeof outreachText.get>;

/** The request's places, named in the reader's language. */
export interface OutreachPlaces {
  upazila: string;
  district: string;
  /** The farthest district a wider search reached, if any. */
  farthest: string | null;
}

/** Who was told, and where: "We told 20 donors near Savar." */
export function toldText(p: Pick<OutreachProgress, 'notified' | 'waves' | 'area'>, places: OutreachPlaces, t: OutreachWords): string {
  if (p.waves === 0 || p.area === 'none') return t.notStarted;
  if (p.notified === 0) return t.noneFound;
  const donors = t.donors(p.notified);
  const { upazila, district, farthest } = places;
  switch (p.area) {
    case 'upazila':
      return t.toldUpazila({ donors, place: upazila || district });
    case 'district':
      return t.toldDistrict({ donors, place: district });
    case 'nearby':
      return farthest ? t.toldNearbyFarthest({ donors, place: district, farthest }) : t.toldNearby({ donors, place: district });
    case 'far':
      return farthest ? t.toldFarFarthest({ donors, place: district, farthest }) : t.toldFar({ donors, place: district });
  }
}

/** Who answered: "Nobody has answered yet.", "2 donors said yes.", "Donors have promised 1 of the 2 bags you need." */
export function answersText(p: Pick<OutreachProgress, 'notified' | 'accepted' | 'declined' | 'pledged' | 'unitsNeeded'>, t: OutreachWords): string[] {
  const sentences: string[] = [];
  if (p.accepted === 0 && p.declined === 0 && p.pledged === 0) return p.notified > 0 ? [t.noAnswer] : [];
  if (p.accepted > 0) sentences.push(t.saidYes(p.accepted));
  if (p.declined > 0) sentences.push(t.saidNo(p.declined));
  if (p.pledged >= p.unitsNeeded) sentences.push(t.allPledged(p.unitsNeeded));
  else if (p.pledged > 0) sentences.push(t.somePledged({ count: p.pledged, units: p.unitsNeeded }));
  return sentences;
}

/**
 * When more donors will be told (Bangladesh time, 12-hour clock): "We will tell more donors at
 * 6:16 pm.", "… tomorrow at 7:00 am." once the next wave falls on another day; null when none is due.
 */
export function nextWaveText(p: Pick<OutreachProgress, 'nextWaveAt' | 'waves'>, t: OutreachWords, code: Lang, now: Date = new Date()): string | null {
  if (!p.nextWaveAt) return null;
  const at = new Date(p.nextWaveAt);
  if (Number.isNaN(at.getTime())) return null;
  const time = formatClock(at, code);
  const tomorrow = dhakaDay(at) > dhakaDay(now);
  if (p.waves === 0) return tomorrow ? t.startTomorrow({ time }) : t.startAt({ time });
  return tomorrow ? t.moreTomorrow({ time }) : t.moreAt({ time });
}

/**
 * The whole progress as sentences. `pending`: the request still looks for donors, so the next
 * wave is told (not once every bag is promised).
 */
export function outreachSentences(p: OutreachProgress, places: OutreachPlaces, t: OutreachWords, code: Lang, pending: boolean, now: Date = new Date()): string[] {
  const next = pending && p.pledged < p.unitsNeeded ? nextWaveText(p, t, code, now) : null;
  const bySms = p.bySms > 0 && p.waves > 0 ? [t.bySms({ count: p.bySms })] : [];
  return [toldText(p, places, t), ...bySms, ...answersText(p, t), ...(next ? [next] : [])];
}
