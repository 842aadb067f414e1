// Distances between places (zod-free): the district centres' great-circle distance, from which the
// seed builds the district_distances table that matching ranks districts by (db/seed.ts).

const EARTH_RADIUS_KM = 6371.0088; // the mean radius (IUGG)

/** The great-circle distance between two points (haversine formula), in km. */
export function greatCircleKm(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}
