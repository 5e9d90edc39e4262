// Distances for "near me", worked out in the browser: the visitor's position never leaves it.

export interface GeoPoint {
  latitude: number;
  longitude: number;
}

const EARTH_RADIUS_KM = 6371.0088;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The great-circle distance in kilometres (haversine; within 0.5 % of the ellipsoid in Thailand). */
export function distanceKm(a: GeoPoint, b: GeoPoint): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A point that may have no position yet (a unit whose coordinates were never entered). */
export interface Placeable {
  code: string;
  latitude?: number | null;
  longitude?: number | null;
}

export interface Ranked<T> {
  point: T;
  /** Null when the point has no position, or no origin is known yet. */
  distanceKm: number | null;
}

const positionOf = (p: Placeable): GeoPoint | null =>
  typeof p.latitude === 'number' && typeof p.longitude === 'number'
    ? { latitude: p.latitude, longitude: p.longitude }
    : null;

/**
 * The points nearest first from the origin; points without a position come last, by code. With no
 * origin the order is by code, so the list reads the same until the visitor says where they are.
 */
export function sortByDistance<T extends Placeable>(
  points: readonly T[],
  origin: GeoPoint | null,
): Ranked<T>[] {
  const ranked = points.map((point) => {
    const at = positionOf(point);
    return { point, distanceKm: origin && at ? distanceKm(origin, at) : null };
  });
  return ranked.sort((a, b) => {
    if (a.distanceKm !== null && b.distanceKm !== null && a.distanceKm !== b.distanceKm)
      return a.distanceKm - b.distanceKm;
    if (a.distanceKm === null && b.distanceKm !== null) return 1;
    if (a.distanceKm !== null && b.distanceKm === null) return -1;
    return a.point.code < b.point.code ? -1 : a.point.code > b.point.code ? 1 : 0;
  });
}
