import type { GeoPoint } from './distance';

// Where "near me" measures from: the device's position when the visitor shares it, otherwise the
// centre of the province they pick. Asking for the position is the visitor's choice (a button), not
// something the page does on arrival.

export type Origin =
  | ({ kind: 'device'; accuracyM: number } & GeoPoint)
  | ({ kind: 'province'; provinceId: number } & GeoPoint);

/** Why the device's position is not available; each has its own message and falls back to a province. */
export type LocationFailure = 'denied' | 'unavailable' | 'timeout' | 'unsupported';

export type LocationResult = { ok: true; origin: Origin } | { ok: false; reason: LocationFailure };

/** The position error codes of the Geolocation API (PERMISSION_DENIED 1, UNAVAILABLE 2, TIMEOUT 3). */
const FAILURES: Record<number, LocationFailure> = { 1: 'denied', 2: 'unavailable', 3: 'timeout' };

/** Asks the browser once for the device's position (the browser asks the visitor the first time). */
export function locateDevice(
  geolocation: Pick<Geolocation, 'getCurrentPosition'> | undefined = globalThis.navigator?.geolocation,
): Promise<LocationResult> {
  if (!geolocation) return Promise.resolve({ ok: false, reason: 'unsupported' });
  return new Promise((resolve) => {
    geolocation.getCurrentPosition(
      ({ coords }) =>
        resolve({
          ok: true,
          origin: {
            kind: 'device',
            latitude: coords.latitude,
            longitude: coords.longitude,
            accuracyM: coords.accuracy,
          },
        }),
      (error) => resolve({ ok: false, reason: FAILURES[error.code] ?? 'unavailable' }),
      // A coarse, recent position is enough to rank donation points and comes quickly.
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 300_000 },
    );
  });
}

export interface ProvinceCentre {
  id: number;
  latitude?: number | null;
  longitude?: number | null;
}

/** The origin for a chosen province: its centre, or null when the province has none. */
export function provinceOrigin(province: ProvinceCentre | undefined): Origin | null {
  if (!province || typeof province.latitude !== 'number' || typeof province.longitude !== 'number')
    return null;
  return {
    kind: 'province',
    provinceId: province.id,
    latitude: province.latitude,
    longitude: province.longitude,
  };
}
