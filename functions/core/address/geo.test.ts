import { describe, expect, it } from 'vitest';
import { boundingBox, distanceMiles, EARTH_RADIUS_MILES, normaliseLongitude } from './geo.ts';

describe('distanceMiles', () => {
  it('matches the reference haversine case (Nashville BNA to Los Angeles LAX, 2887.26 km on a 6372.8 km sphere)', () => {
    const expected = (2887.2599506071106 / 6372.8) * EARTH_RADIUS_MILES;
    expect(distanceMiles({ latitude: 36.12, longitude: -86.67 }, { latitude: 33.94, longitude: -118.4 })).toBeCloseTo(expected, 6);
  });

  it('is zero for the same point and symmetric', () => {
    const a = { latitude: 40.7484, longitude: -73.9967 };
    const b = { latitude: 34.0901, longitude: -118.4065 };
    expect(distanceMiles(a, a)).toBe(0);
    expect(distanceMiles(a, b)).toBeCloseTo(distanceMiles(b, a), 9);
  });

  it('measures across the antimeridian the short way', () => {
    // One degree of longitude on the equator is 2π·R/360 ≈ 69.09 miles.
    const degree = (2 * Math.PI * EARTH_RADIUS_MILES) / 360;
    expect(distanceMiles({ latitude: 0, longitude: 179.5 }, { latitude: 0, longitude: -179.5 })).toBeCloseTo(degree, 6);
  });
});

describe('boundingBox', () => {
  it('spans 50 miles of latitude each way (about 0.72°) and more longitude away from the equator', () => {
    const box = boundingBox({ latitude: 40, longitude: -100 }, 50);
    const degreesOf50Miles = (50 / EARTH_RADIUS_MILES) * (180 / Math.PI);
    expect(box.north - 40).toBeCloseTo(degreesOf50Miles, 9);
    expect(40 - box.south).toBeCloseTo(degreesOf50Miles, 9);
    expect(box.east - -100).toBeGreaterThan(degreesOf50Miles);
    expect(box.allLongitudes).toBe(false);
  });

  it('holds every point on the circle', () => {
    const centre = { latitude: 61.2, longitude: -149.9 };
    const box = boundingBox(centre, 50);
    for (let bearing = 0; bearing < 360; bearing += 5) {
      const point = destination(centre, 50, bearing);
      expect(point.latitude).toBeGreaterThanOrEqual(box.south - 1e-9);
      expect(point.latitude).toBeLessThanOrEqual(box.north + 1e-9);
      expect(point.longitude).toBeGreaterThanOrEqual(box.west - 1e-9);
      expect(point.longitude).toBeLessThanOrEqual(box.east + 1e-9);
    }
  });

  it('wraps its longitudes across the antimeridian', () => {
    const box = boundingBox({ latitude: 51.88, longitude: -179.9 }, 50);
    expect(box.west).toBeGreaterThan(0);
    expect(box.east).toBeLessThan(0);
  });

  it('takes every longitude when the circle reaches a pole', () => {
    expect(boundingBox({ latitude: 89.9, longitude: 10 }, 50)).toMatchObject({ north: 90, west: -180, east: 180, allLongitudes: true });
  });
});

describe('normaliseLongitude', () => {
  it('maps any longitude into [-180, 180)', () => {
    expect(normaliseLongitude(190)).toBeCloseTo(-170, 9);
    expect(normaliseLongitude(-190)).toBeCloseTo(170, 9);
    expect(normaliseLongitude(180)).toBe(-180);
    expect(normaliseLongitude(-73.5)).toBe(-73.5);
  });
});

/** The point `miles` away on the great circle leaving `from` at `bearing` degrees. */
function destination(from: { latitude: number; longitude: number }, miles: number, bearing: number) {
  const rad = Math.PI / 180;
  const angle = miles / EARTH_RADIUS_MILES;
  const lat1 = from.latitude * rad;
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(angle) + Math.cos(lat1) * Math.sin(angle) * Math.cos(bearing * rad));
  const lon2 =
    from.longitude * rad +
    Math.atan2(Math.sin(bearing * rad) * Math.sin(angle) * Math.cos(lat1), Math.cos(angle) - Math.sin(lat1) * Math.sin(lat2));
  return { latitude: lat2 / rad, longitude: lon2 / rad };
}
