import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { PUBLIC_AREA_MIN_KM } from '../../../domain/geo';

export interface ServiceArea {
  latitude: number;
  longitude: number;
  radius: number;
}

/**
 * The area the service covers, never a pin: other people receive a point rounded to about 1 km (src/domain/geo.ts),
 * drawn as a circle of the service radius (at least 1 km) so it does not look like an address. Its own module, loaded
 * only for in-person services: Leaflet is most of the service page's JavaScript.
 */
export function ServiceAreaMap({ latitude, longitude, radius }: ServiceArea) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!container.current) return;
    const map = L.map(container.current, { scrollWheelZoom: false, dragging: false, zoomControl: false });
    L.tileLayer('https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png', {
      attribution: '&copy; OpenStreetMap contributors',
      maxZoom: 18,
    }).addTo(map);
    const meters = Math.max(radius, PUBLIC_AREA_MIN_KM) * 1000;
    // A circle knows its bounds only once the map has a view: frame the area from its centre first.
    map.fitBounds(L.latLng(latitude, longitude).toBounds(meters * 2), { maxZoom: 13 });
    L.circle([latitude, longitude], { radius: meters, color: '#4f46e5', fillOpacity: 0.15 }).addTo(map);
    return () => {
      map.remove();
    };
  }, [latitude, longitude, radius]);
  return (
    <div
      ref={container}
      className="h-56 w-full overflow-hidden rounded-lg border"
      role="img"
      aria-label={`Map of the service area: within ${radius} km`}
      data-testid="service-area-map"
    />
  );
}
