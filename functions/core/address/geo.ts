// Great-circle geometry for zip radius searches: haversine distance in miles, and the latitude and
// longitude box that encloses a circle, so a search only looks at the grid cells the circle can touch.

/** Mean Earth radius (IUGG), the usual constant for zip-to-zip distances. */
export const EARTH_RADIUS_MILES = 3958.8;

export interface LatLon {
  latitude: number;
  longitude: number;
}

const radians = (degrees: number) => (degrees * Math.PI) / 180;
const degrees = (rad: number) => (rad * 180) / Math.PI;

/** Haversine distance; well-conditioned for the short distances a zip radius covers. */
export function distanceMiles(a: LatLon, b: LatLon): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Latitude range and longitude range (possibly crossing the antimeridian, so `west` may be greater
 * than `east` after normalising) of the circle around `centre`. When the circle reaches a pole every
 * longitude is inside, and `allLongitudes` is set. Method: J. P. Matuschek, "Finding Points Within a
 * Distance of a Latitude/Longitude Using Bounding Coordinates".
 */
export interface BoundingBox {
  south: number;
  north: number;
  west: number;
  east: number;
  allLongitudes: boolean;
}

export function boundingBox(centre: LatLon, miles: number): BoundingBox {
  const angle = miles / EARTH_RADIUS_MILES;
  const lat = radians(centre.latitude);
  const south = lat - angle;
  const north = lat + angle;
  if (south <= -Math.PI / 2 || north >= Math.PI / 2) {
    return { south: Math.max(-90, degrees(south)), north: Math.min(90, degrees(north)), west: -180, east: 180, allLongitudes: true };
  }
  const dLon = degrees(Math.asin(Math.sin(angle) / Math.cos(lat)));
  return {
    south: degrees(south),
    north: degrees(north),
    west: normaliseLongitude(centre.longitude - dLon),
    east: normaliseLongitude(centre.longitude + dLon),
    allLongitudes: false,
  };
}

/** Longitude in [-180, 180). */
export function normaliseLongitude(longitude: number): number {
  return ((((longitude + 180) % 360) + 360) % 360) - 180;
}
