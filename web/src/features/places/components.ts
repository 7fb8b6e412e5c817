// The place search box, apart from index.ts because it brings its styles (see index.ts).
export { PlaceSearch } from './PlaceSearch.tsx'
