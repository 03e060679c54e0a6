import 'leaflet/dist/leaflet.css';
import { divIcon, type Marker as LeafletMarker } from 'leaflet';
import { useEffect, useMemo, useRef } from 'react';
import { MapContainer, Marker, TileLayer, useMap } from 'react-leaflet';

const ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

// A CSS pin: Leaflet's default icon is an image whose URL bundlers break (a 404 in the console).
const PIN = divIcon({
  className: 'privy-pin',
  html: '<span style="display:block;width:26px;height:26px;border-radius:50% 50% 50% 0;background:#0c8599;border:3px solid #fff;transform:rotate(-45deg);box-shadow:0 1px 4px rgba(0,0,0,.4)"></span>',
  iconSize: [26, 26],
  iconAnchor: [13, 26],
});

export type PinMapProps = {
  tileUrl: string;
  point: { lat: number; lon: number };
  onMove: (lat: number, lon: number) => void;
};

/** Keeps the view on the pin when the point changes from outside (a new place, typed numbers). */
function Follow({ lat, lon }: { lat: number; lon: number }) {
  const map = useMap();
  useEffect(() => {
    if (!map.getBounds().pad(-0.2).contains([lat, lon])) map.panTo([lat, lon]);
  }, [map, lat, lon]);
  return null;
}

/** Only ever rendered in the browser (see lazy-pin-map.tsx): Leaflet touches `window` on import. */
export default function PinMap({ tileUrl, point, onMove }: PinMapProps) {
  const markerRef = useRef<LeafletMarker>(null);
  const handlers = useMemo(
    () => ({
      dragend() {
        const position = markerRef.current?.getLatLng();
        if (position) onMove(Number(position.lat.toFixed(6)), Number(position.lng.toFixed(6)));
      },
    }),
    [onMove],
  );
  return (
    <MapContainer
      center={[point.lat, point.lon]}
      zoom={16}
      scrollWheelZoom={false}
      style={{ height: '100%', width: '100%' }}
    >
      <TileLayer url={tileUrl} attribution={ATTRIBUTION} />
      <Follow lat={point.lat} lon={point.lon} />
      <Marker
        ref={markerRef}
        position={[point.lat, point.lon]}
        draggable
        icon={PIN}
        eventHandlers={handlers}
        title="The entrance: drag to move"
        alt="Map pin at the entrance"
      />
    </MapContainer>
  );
}
