import { useSearchParams } from 'react-router';
import { BLOOD_GROUPS, searchCodeFor, SEARCH_BLOOD_GROUP_CODES } from '../../shared/matching/model';
import type { InsightArgs } from '../../shared/api/endpoints';
import { type Bucket, bucketFor, DEFAULT_PRESET, RANGE_PRESETS, type RangePreset, rangeOf } from '../../shared/insight/model';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export interface InsightRange {
  preset: RangePreset;
  args: InsightArgs & { bucket: Bucket };
}

/** The chosen range and filters live in the URL (?range=custom&from=&to=&group=AA&division=3): a reload or a shared link keeps them. */
export function useInsightRange() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('range');
  const preset: RangePreset = (RANGE_PRESETS as readonly string[]).includes(raw ?? '') ? (raw as RangePreset) : DEFAULT_PRESET;
  const group = params.get('group') ?? '';
  const division = params.get('division') ?? '';
  const filters = {
    bloodGroup: group in SEARCH_BLOOD_GROUP_CODES ? group : undefined,
    division: /^\d+$/.test(division) ? division : undefined,
  };
  let from = params.get('from') ?? '';
  let to = params.get('to') ?? '';
  const custom = preset === 'custom' && DAY.test(from) && DAY.test(to) && from <= to;
  let bucket: Bucket;
  if (custom) bucket = bucketFor(from, to);
  else ({ from, to, bucket } = rangeOf(preset === 'custom' ? DEFAULT_PRESET : preset));

  const update = (next: Record<string, string | undefined>) => {
    const query = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value) query.set(key, value);
      else query.delete(key);
    }
    setParams(query, { replace: true });
  };
  return {
    preset,
    args: { from, to, bucket, ...filters },
    choosePreset: (p: RangePreset) => update(p === 'custom' ? { range: p, from, to } : { range: p === DEFAULT_PRESET ? undefined : p, from: undefined, to: undefined }),
    chooseDays: (f: string, t: string) => update({ range: 'custom', from: f, to: t }),
    chooseGroup: (code: string) => update({ group: code || undefined }),
    chooseDivision: (id: string) => update({ division: id || undefined }),
  };
}

/** The blood group choices, as search codes (a "+" would not survive a query string). */
export const GROUP_CHOICES = BLOOD_GROUPS.map((g) => ({ code: searchCodeFor(g), label: g }));
