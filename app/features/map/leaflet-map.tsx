import 'leaflet/dist/leaflet.css';
import { latLngBounds } from 'leaflet';
import { useEffect, useRef } from 'react';
import { Circle, CircleMarker, MapContainer, TileLayer, Tooltip, useMap } from 'react-leaflet';
import type { MapArea, MapMarker } from './types.ts';

const ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

/**
 * Fits the view when the set of points changes (not on every hover re-render). The first fit is not
 * animated: a page left during Leaflet's zoom animation (a guest tapping "Message host" at once)
 * had its transition end on a removed map and throw `_leaflet_pos` into the console.
 */
function FitTo({ points }: { points: [number, number][] }) {
  const map = useMap();
  const key = JSON.stringify(points);
  const fitted = useRef(false);
  useEffect(() => {
    const list = JSON.parse(key) as [number, number][];
    if (list.length < 2) return;
    map.fitBounds(latLngBounds(list), { padding: [32, 32], maxZoom: 15, animate: fitted.current });
    fitted.current = true;
  }, [map, key]);
  return null;
}

/** Gives the map the focus once, for a keyboard user who reached its picture (touch-map.tsx). */
function FocusOnMount() {
  const map = useMap();
  useEffect(() => {
    map.getContainer().focus({ preventScroll: true });
  }, [map]);
  return null;
}

export type LeafletMapProps = {
  tileUrl: string;
  center: { latitude: number; longitude: number };
  markers?: MapMarker[];
  area?: MapArea;
  highlightedId?: string | null;
  onHighlight?: (id: string | null) => void;
  onSelect?: (id: string) => void;
  label: string;
  focusOnMount?: boolean;
};

/** Only ever rendered in the browser (see lazy-map.tsx, touch-map.tsx): Leaflet touches `window` on import. */
export default function LeafletMap({
  tileUrl,
  center,
  markers = [],
  area,
  highlightedId,
  onHighlight,
  onSelect,
  label,
  focusOnMount = false,
}: LeafletMapProps) {
  // The searched place and every marker in view, whatever their number.
  const points = markers.map((marker) => [marker.latitude, marker.longitude] as [number, number]);
  const inView: [number, number][] = points.length ? [[center.latitude, center.longitude], ...points] : [];
  return (
    <MapContainer
      center={[center.latitude, center.longitude]}
      zoom={area ? 14 : 12}
      scrollWheelZoom={false}
      style={{ height: '100%', width: '100%' }}
      aria-label={label}
    >
      <TileLayer url={tileUrl} attribution={ATTRIBUTION} />
      <FitTo points={inView} />
      {focusOnMount ? <FocusOnMount /> : null}
      {area ? (
        <Circle
          center={[area.latitude, area.longitude]}
          radius={area.radiusMeters}
          pathOptions={{ color: '#0c8599', fillOpacity: 0.15 }}
          className="privy-map-area"
        />
      ) : null}
      {markers.map((marker) => {
        const highlighted = marker.id === highlightedId;
        return (
          <CircleMarker
            key={`${marker.id}-${highlighted ? 'on' : 'off'}`}
            center={[marker.latitude, marker.longitude]}
            radius={highlighted ? (marker.radius ?? 9) + 4 : (marker.radius ?? 9)}
            pathOptions={{
              color: '#ffffff',
              weight: 2,
              fillColor: highlighted ? '#e8590c' : '#0c8599',
              fillOpacity: 1,
            }}
            className={`privy-map-marker${highlighted ? ' privy-map-marker-active' : ''}`}
            eventHandlers={{
              mouseover: () => onHighlight?.(marker.id),
              mouseout: () => onHighlight?.(null),
              click: () => onSelect?.(marker.id),
            }}
          >
            <Tooltip direction="top" offset={[0, -8]}>
              {marker.label}
            </Tooltip>
          </CircleMarker>
        );
      })}
    </MapContainer>
  );
}
