import classes from './static-map.module.css';
import { metersPerPixel, offsetFrom, type Point, tilesAround, tileUrl } from './tile-math.ts';
import type { MapArea, MapMarker } from './types.ts';

/** Wide enough for the widest box a map sits in (a desktop listing's column), tall enough for 300 px. */
const HALF_WIDTH = 520;
const HALF_HEIGHT = 160;

/**
 * The zoom the live map settles on for these contents (leaflet-map.tsx): an area opens at 14; a
 * marker on the center is fitted to the bounds' maximum, 15.
 */
function staticZoom(area: MapArea | undefined, markers: MapMarker[]): number {
  if (area) return 14;
  return markers.length ? 15 : 12;
}

/**
 * A picture of the map, drawn by the server from the same tiles Leaflet would load, with no
 * script: what shows until the visitor touches it (touch-map.tsx, ADR 159). It covers the
 * widest box these maps sit in; a narrow one fetches the clipped tiles too (lazily, after the page).
 */
export function StaticMap({
  tileUrl: template,
  center,
  markers = [],
  area,
  label,
  onActivate,
}: {
  tileUrl: string;
  center: Point;
  markers?: MapMarker[] | undefined;
  area?: MapArea | undefined;
  label: string;
  /** Turns the picture into the live map; without it the picture is all there is. */
  onActivate?: () => void;
}) {
  const zoom = staticZoom(area, markers);
  const tiles = tilesAround(center, zoom, HALF_WIDTH, HALF_HEIGHT);
  // Leaflet strokes the circle's edge on its radius, so its outer edge is half the 3 px stroke out.
  const areaRadius = area ? Math.round(area.radiusMeters / metersPerPixel(area.latitude, zoom) + 1.5) : 0;
  const areaAt = area ? offsetFrom(center, area, zoom) : null;
  return (
    <div className={classes.frame} data-static-map="">
      <div className={classes.origin} aria-hidden="true">
        {tiles.map((tile) => (
          <img
            key={`${tile.x}/${tile.y}`}
            className={classes.tile}
            src={tileUrl(template, tile)}
            alt=""
            width={256}
            height={256}
            loading="lazy"
            decoding="async"
            draggable={false}
            style={{ left: tile.left, top: tile.top }}
          />
        ))}
        {areaAt ? (
          <div
            className={classes.area}
            data-map-area=""
            style={{
              left: areaAt.left - areaRadius,
              top: areaAt.top - areaRadius,
              width: areaRadius * 2,
              height: areaRadius * 2,
            }}
          />
        ) : null}
        {markers.map((marker) => {
          const at = offsetFrom(center, marker, zoom);
          return <div key={marker.id} className={classes.marker} data-map-marker="" style={at} />;
        })}
      </div>
      {onActivate ? (
        <>
          <button
            type="button"
            className={classes.activate}
            aria-label={`${label}. Move the map`}
            onPointerEnter={(event) => {
              // A mouse over the map starts loading it, so the first drag finds it live.
              if (event.pointerType === 'mouse') onActivate();
            }}
            onPointerDown={onActivate}
            onFocus={onActivate}
            onClick={onActivate}
          />
          <span className={classes.hint} aria-hidden="true">
            Tap to move the map
          </span>
        </>
      ) : (
        <span role="img" aria-label={label} className={classes.activate} />
      )}
      <span className={classes.attribution}>
        ©{' '}
        <a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noreferrer">
          OpenStreetMap
        </a>{' '}
        contributors
      </span>
    </div>
  );
}
