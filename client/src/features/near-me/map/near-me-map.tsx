import 'leaflet/dist/leaflet.css';
import type { FeatureCollection } from 'geojson';
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import type { Origin } from '../origin';
import outlineData from './thailand-outline.json';

// The near-me map, a lazy chunk of its own (Leaflet and the outline are not in any other page's
// JavaScript). With a tile server configured it draws its tiles; without one (the default) it draws
// the bundled outline of Thailand (thailand-outline.md) on a sea-blue ground and fetches nothing.

export interface MapPoint {
  code: string;
  name: string;
  latitude: number | null;
  longitude: number | null;
}

export interface NearMeMapProps {
  /** Nearest first. */
  points: readonly MapPoint[];
  origin: Origin | null;
  tileUrl: string | null;
  tileAttribution: string | null;
  labels: {
    map: string;
    origin: string;
    outline: string;
    zoomIn: string;
    zoomOut: string;
    seeInList: string;
  };
}

const outline = outlineData as FeatureCollection;
const SEA = '#d6e7ef';
const BRAND = '#0f5c7a';
const ORIGIN = '#b4400c';
/** Thailand with a margin: the view when nothing else decides it. */
const THAILAND: L.LatLngBoundsExpression = [
  [5.6, 97.3],
  [20.5, 105.7],
];
/** How many of the nearest points the view shows around the origin. */
const NEAREST_IN_VIEW = 3;

const placed = (p: MapPoint): p is MapPoint & { latitude: number; longitude: number } =>
  typeof p.latitude === 'number' && typeof p.longitude === 'number';

/** A popup built from DOM nodes, so a unit's name is text and never markup. */
function popupOf(point: MapPoint, seeInList: string): HTMLElement {
  const box = document.createElement('div');
  const name = document.createElement('strong');
  name.textContent = point.name;
  const link = document.createElement('a');
  link.href = `#point-${point.code}`;
  link.textContent = seeInList;
  box.append(name, document.createElement('br'), link);
  return box;
}

export default function NearMeMap({ points, origin, tileUrl, tileAttribution, labels }: NearMeMapProps) {
  const container = useRef<HTMLElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const markers = useRef<L.LayerGroup | null>(null);

  useEffect(() => {
    if (!container.current) return;
    const map = L.map(container.current, { zoomControl: false, minZoom: 4, maxZoom: tileUrl ? 18 : 12 });
    L.control.zoom({ zoomInTitle: labels.zoomIn, zoomOutTitle: labels.zoomOut }).addTo(map);
    // The outline is drawn in a task of its own, after the markers have set the view: a phone does
    // the map's work in two shorter tasks rather than one, and projects the outline once.
    let drawOutline: ReturnType<typeof setTimeout> | undefined;
    if (tileUrl) {
      L.tileLayer(tileUrl, { attribution: tileAttribution ?? '' }).addTo(map);
    } else {
      drawOutline = setTimeout(() => {
        L.geoJSON(outline, {
          attribution: labels.outline,
          interactive: false,
          style: (feature) =>
            feature?.properties?.country === 'THA'
              ? { color: '#5b7f8f', weight: 1.2, fillColor: '#ffffff', fillOpacity: 1 }
              : { color: '#aab8bf', weight: 0.8, fillColor: '#eceff1', fillOpacity: 1 },
        })
          .addTo(map)
          // Under the markers, which were drawn first.
          .bringToBack();
      }, 0);
    }
    map.fitBounds(THAILAND);
    markers.current = L.layerGroup().addTo(map);
    mapRef.current = map;
    return () => {
      clearTimeout(drawOutline);
      map.remove();
      mapRef.current = null;
      markers.current = null;
    };
  }, [tileUrl, tileAttribution, labels.outline, labels.zoomIn, labels.zoomOut]);

  useEffect(() => {
    const map = mapRef.current;
    const layer = markers.current;
    if (!map || !layer) return;
    layer.clearLayers();
    const shown = points.filter(placed);
    for (const point of shown) {
      L.circleMarker([point.latitude, point.longitude], {
        radius: 8,
        color: '#ffffff',
        weight: 2,
        fillColor: BRAND,
        fillOpacity: 1,
      })
        .bindTooltip(point.name)
        .bindPopup(popupOf(point, labels.seeInList))
        .addTo(layer);
    }
    if (origin) {
      L.circleMarker([origin.latitude, origin.longitude], {
        radius: 7,
        color: '#ffffff',
        weight: 3,
        fillColor: ORIGIN,
        fillOpacity: 1,
      })
        .bindTooltip(labels.origin, { permanent: false })
        .addTo(layer);
      const near = shown.slice(0, NEAREST_IN_VIEW).map((p) => L.latLng(p.latitude, p.longitude));
      map.fitBounds(L.latLngBounds([L.latLng(origin.latitude, origin.longitude), ...near]), {
        padding: [32, 32],
        maxZoom: 11,
      });
    } else if (shown.length) {
      map.fitBounds(L.latLngBounds(shown.map((p) => L.latLng(p.latitude, p.longitude))), {
        padding: [24, 24],
      });
    }
  }, [points, origin, labels.origin, labels.seeInList]);

  return (
    // A section with a name, so a region for screen readers; its height and frame are nm-map's in
    // ui/public-site.css.
    <section
      ref={container}
      aria-label={labels.map}
      className="nm-map"
      style={{ background: SEA }}
      data-testid="near-me-map"
    />
  );
}
