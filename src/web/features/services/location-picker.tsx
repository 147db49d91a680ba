import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { Crosshair } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { RADIUS_MIN_KM } from '../../../domain/services';
import type { ServiceLocation } from '../../../domain/service-schemas';
import { Button } from '../../ui/button';
import { Input } from '../../ui/input';
import { Label } from '../../ui/label';

const DEFAULT_CENTER: [number, number] = [40.7128, -74.006];

/**
 * Where an in-person service is offered: click the map (or type the coordinates, or use this device's location)
 * and set a radius of at least 1 km.
 */
export function LocationPicker({
  value,
  onChange,
}: {
  value: ServiceLocation | null;
  onChange(next: ServiceLocation | null): void;
}) {
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const circle = useRef<L.Circle | null>(null);
  // The map's click handler is bound once; it reads the latest value and callback from here.
  const latest = useRef({ value, onChange });
  useEffect(() => {
    latest.current = { value, onChange };
  });

  useEffect(() => {
    if (!container.current || map.current) return;
    const m = L.map(container.current, { scrollWheelZoom: false }).setView(
      value ? [value.latitude, value.longitude] : DEFAULT_CENTER,
      value ? 11 : 4,
    );
    L.tileLayer('https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png', {
      attribution: '&copy; OpenStreetMap contributors',
      maxZoom: 18,
    }).addTo(m);
    m.on('click', (e: L.LeafletMouseEvent) => {
      const radius = latest.current.value?.radius ?? 5;
      latest.current.onChange({ latitude: round(e.latlng.lat), longitude: round(e.latlng.lng), radius });
    });
    map.current = m;
    return () => {
      m.remove();
      map.current = null;
    };
    // The map is created once; later values are drawn by the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const m = map.current;
    if (!m) return;
    circle.current?.remove();
    circle.current = null;
    if (value) {
      circle.current = L.circle([value.latitude, value.longitude], {
        radius: value.radius * 1000,
        color: '#4f46e5',
      }).addTo(m);
      m.fitBounds(circle.current.getBounds(), { maxZoom: 13 });
    }
  }, [value]);

  const set = (patch: Partial<ServiceLocation>) =>
    onChange({
      latitude: value?.latitude ?? DEFAULT_CENTER[0],
      longitude: value?.longitude ?? DEFAULT_CENTER[1],
      radius: value?.radius ?? 5,
      ...patch,
    });

  return (
    <div className="flex flex-col gap-3">
      <div
        ref={container}
        className="h-64 w-full overflow-hidden rounded-lg border"
        role="application"
        aria-label="Map: click to set the service location"
      />
      <div className="grid gap-3 sm:grid-cols-4 sm:items-end">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="location-latitude">Latitude</Label>
          <Input
            id="location-latitude"
            type="number"
            step="0.0001"
            value={value?.latitude ?? ''}
            onChange={(e) => set({ latitude: Number(e.target.value) })}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="location-longitude">Longitude</Label>
          <Input
            id="location-longitude"
            type="number"
            step="0.0001"
            value={value?.longitude ?? ''}
            onChange={(e) => set({ longitude: Number(e.target.value) })}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="location-radius">Radius (km)</Label>
          <Input
            id="location-radius"
            type="number"
            min={RADIUS_MIN_KM}
            step="1"
            value={value?.radius ?? ''}
            onChange={(e) => set({ radius: Number(e.target.value) })}
          />
        </div>
        <Button
          type="button"
          variant="outline"
          onClick={() =>
            navigator.geolocation?.getCurrentPosition((p) =>
              set({ latitude: round(p.coords.latitude), longitude: round(p.coords.longitude) }),
            )
          }
        >
          <Crosshair className="h-4 w-4" aria-hidden /> Use my location
        </Button>
      </div>
    </div>
  );
}

const round = (n: number) => Math.round(n * 10_000) / 10_000;
