import { useQueries, useQuery } from '@tanstack/react-query';
import { lang, useMessages } from '../i18n';
import { districtsQuery, divisionsQuery, upazilasQuery } from './queries';

// Issue 16: place names in Bangla in Bangla mode. Requests, donors, matches and profiles carry
// their places' English names and ids; the location lists (cached for the session, shared with the
// location selects) give the Bangla names (`bn_name`). English mode fetches nothing.

/** A place as the API answers it: English names and ids, any of them possibly missing. */
export interface Place {
  division?: string | null;
  district?: string | null;
  upazila?: string | null;
  divisionId?: string | null;
  districtId?: string | null;
  upazilaId?: string | null;
}

/** Its names in the current language ('' where the place has none). */
export interface PlaceNames {
  division: string;
  district: string;
  upazila: string;
}

const ids = (values: (string | null | undefined)[]) => [...new Set(values.filter((v): v is string => !!v))];

/**
 * The places' names in the current language: Bangla from the location lists once they arrive,
 * English until then and in English mode. One list of districts per division and of upazilas per
 * district the places are in.
 */
export function usePlaceNames(places: Place[]): (place: Place) => PlaceNames {
  const bangla = useMessages(lang) === 'bn';
  const divisionIds = bangla ? ids(places.map((p) => p.divisionId)) : [];
  const districtIds = bangla ? ids(places.map((p) => p.districtId)) : [];
  const divisions = useQuery({ ...divisionsQuery, enabled: bangla && places.some((p) => p.divisionId && p.division) });
  const names = useQueries({
    queries: [...divisionIds.map(districtsQuery), ...districtIds.map(upazilasQuery)],
    combine: (results) => {
      const district = new Map<string, string>();
      const upazila = new Map<string, string>();
      results.forEach((result, i) => {
        // The first lists are districts (by districtId), the rest upazilas (by _id).
        for (const place of result.data ?? []) {
          if (i < divisionIds.length) district.set(place.districtId, place.bn_name);
          else upazila.set(place._id, place.bn_name);
        }
      });
      return { district, upazila };
    },
  });
  const division = new Map((divisions.data ?? []).map((d) => [d.divisionId, d.bn_name]));
  const named = (english: string | null | undefined, id: string | null | undefined, byId: Map<string, string>) =>
    english ? ((bangla && id && byId.get(id)) || english) : '';
  return (p) => ({
    division: named(p.division, p.divisionId, division),
    district: named(p.district, p.districtId, names.district),
    upazila: named(p.upazila, p.upazilaId, names.upazila),
  });
}

/** "Comilla, Debidwar": the spec's location column, district then upazila. */
export const placeText = (p: PlaceNames) => [p.district, p.upazila].filter(Boolean).join(', ');

/**
 * A district's name in the current language, from its English name (a donation carries no id):
 * every division's districts are read in Bangla mode (`needed`: false reads nothing, until a name is needed).
 */
export function useDistrictName(needed = true): (english: string) => string {
  const bangla = useMessages(lang) === 'bn' && needed;
  const divisions = useQuery({ ...divisionsQuery, enabled: bangla });
  const names = useQueries({
    queries: (bangla ? (divisions.data ?? []) : []).map((d) => districtsQuery(d.divisionId)),
    combine: (results) => {
      const byName = new Map<string, string>();
      for (const result of results) for (const district of result.data ?? []) byName.set(district.name, district.bn_name);
      return byName;
    },
  });
  return (english) => (bangla ? (names.get(english) ?? english) : english);
}

let banglaCollator: Intl.Collator | undefined;

/**
 * A location list as a select offers it (issue 38): each place with its name in the reader's
 * language, in that language's alphabetical order (Bangla names by Bangla collation, so Bangla
 * mode never lists places in their English order).
 */
export function placeOptions<T extends { name: string; bn_name: string }>(places: readonly T[] | undefined, bangla: boolean): (T & { label: string })[] {
  const labelled = (places ?? []).map((p) => ({ ...p, label: bangla ? p.bn_name : p.name }));
  if (bangla) {
    const collator = (banglaCollator ??= new Intl.Collator('bn'));
    return labelled.sort((a, b) => collator.compare(a.label, b.label));
  }
  // English names are plain ASCII: no Intl (its first use is costly on a phone).
  return labelled.sort((a, b) => (a.label < b.label ? -1 : a.label > b.label ? 1 : 0));
}
