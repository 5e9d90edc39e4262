import type { GeoPoint } from './distance';

/** The directions link of a point from the environment's template ({lat} and {lon} filled in). */
export function directionsUrl(template: string, point: GeoPoint): string {
  const fixed = (n: number) => n.toFixed(5);
  return template.replaceAll('{lat}', fixed(point.latitude)).replaceAll('{lon}', fixed(point.longitude));
}
