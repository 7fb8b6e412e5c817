// The map's components, apart from index.ts because they bring their styles (see index.ts).
export { LazyMapView } from './LazyMapView.tsx'
