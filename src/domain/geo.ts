/** Reverse-geocoding labels (spec 2 section 7, Maps): "place, region", else "Location". */
export const LOCATION_FALLBACK = 'Location';

/** The cache key: coordinates rounded to 4 decimals (about 11 m). */
export function coordinateKey(latitude: number, longitude: number): string {
  return `${latitude.toFixed(4)},${longitude.toFixed(4)}`;
}

interface GeocodeFeature {
  text?: string;
  place_type?: string[];
  context?: { id: string; text: string }[];
}

/** From a Mapbox reverse-geocoding answer: the place (or locality, neighbourhood) and its region. */
export function labelFromFeatures(features: GeocodeFeature[] | undefined): string {
  const feature = features?.find((f) => f.place_type?.some((t) => ['place', 'locality', 'neighborhood'].includes(t)));
  if (!feature?.text) return LOCATION_FALLBACK;
  const region = feature.context?.find((c) => c.id.startsWith('region'))?.text;
  return region ? `${feature.text}, ${region}` : feature.text;
}

/**
 * Decimals of a service location anyone but its owner receives: 2 decimals is a grid of about 1.1 km, so a
 * provider who used "this device's location" does not publish their front door.
 */
export const PUBLIC_LOCATION_DECIMALS = 2;
/** The smallest area the service page draws around an approximate point, in km. */
export const PUBLIC_AREA_MIN_KM = 1;

const roundTo = (value: number, decimals: number) => {
  const factor = 10 ** decimals;
  // "+ 0" turns -0 into 0, so a rounded point prints and compares the same everywhere.
  return Math.round(value * factor) / factor + 0;
};

/** The point other people see: rounded to about 1 km; the radius is kept, as it is the offer's area. */
export function approximateLocation<T extends { latitude: number; longitude: number }>(location: T): T {
  return {
    ...location,
    latitude: roundTo(location.latitude, PUBLIC_LOCATION_DECIMALS),
    longitude: roundTo(location.longitude, PUBLIC_LOCATION_DECIMALS),
  };
}
