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
