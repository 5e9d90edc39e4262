import { describe, expect, it } from 'vitest';
import { distanceKm, sortByDistance } from './distance';
import { provinceOrigin } from './origin';

// Positions of demo provincial offices (organisation.demo-data.ts).
const chiangMai = { code: 'OPS-P38', latitude: 18.8386, longitude: 98.9687 };
const khonKaen = { code: 'OPS-P28', latitude: 16.4419, longitude: 102.836 };
const korat = { code: 'OPS-P19', latitude: 14.9738, longitude: 102.0977 };
const songkhla = { code: 'OPS-P70', latitude: 7.1988, longitude: 100.5951 };
const bangkok = { code: 'MSDHS', latitude: 13.7563, longitude: 100.5142 };
const nowhere = { code: 'A-NO-POSITION', latitude: null, longitude: null };

describe('distance', () => {
  it('measures along the earth: a degree of latitude is about 111 km, Bangkok to Chiang Mai about 590 km', () => {
    expect(distanceKm({ latitude: 13, longitude: 100 }, { latitude: 14, longitude: 100 })).toBeCloseTo(
      111.2,
      0,
    );
    expect(distanceKm(bangkok, chiangMai)).toBeGreaterThan(580);
    expect(distanceKm(bangkok, chiangMai)).toBeLessThan(600);
    expect(distanceKm(bangkok, chiangMai)).toBeCloseTo(distanceKm(chiangMai, bangkok), 9);
    expect(distanceKm(khonKaen, khonKaen)).toBe(0);
  });

  it('orders points nearest first from the origin, points without a position last', () => {
    const points = [songkhla, nowhere, chiangMai, bangkok, korat, khonKaen];
    // Udon Thani, about 110 km north of Khon Kaen.
    const ranked = sortByDistance(points, { latitude: 17.4138, longitude: 102.7872 });
    expect(ranked.map((r) => r.point.code)).toEqual([
      'OPS-P28',
      'OPS-P19',
      'OPS-P38',
      'MSDHS',
      'OPS-P70',
      'A-NO-POSITION',
    ]);
    expect(ranked[0].distanceKm).toBeGreaterThan(100);
    expect(ranked[0].distanceKm).toBeLessThan(120);
    expect(ranked.at(-1)?.distanceKm).toBeNull();
  });

  it('orders by code, with no distances, until an origin is known', () => {
    const ranked = sortByDistance([songkhla, nowhere, chiangMai, bangkok], null);
    expect(ranked.map((r) => r.point.code)).toEqual(['A-NO-POSITION', 'MSDHS', 'OPS-P38', 'OPS-P70']);
    expect(ranked.every((r) => r.distanceKm === null)).toBe(true);
  });

  it('falls back to a province centre, and to nothing for a province without one', () => {
    const origin = provinceOrigin({ id: 70, latitude: 7.07, longitude: 100.54 });
    expect(origin).toEqual({ kind: 'province', provinceId: 70, latitude: 7.07, longitude: 100.54 });
    expect(sortByDistance([chiangMai, bangkok, songkhla], origin)[0].point.code).toBe('OPS-P70');
    expect(provinceOrigin({ id: 99, latitude: null, longitude: null })).toBeNull();
    expect(provinceOrigin(undefined)).toBeNull();
  });
});
