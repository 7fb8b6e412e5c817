/**
 * @wings/geo: the geometry every part of Wings shares, each rule once (README.md).
 * Pure and light: the web's first scripts may import it (the polyline codec only through '@wings/geo/polyline').
 */
export * from './distance.ts'
export * from './mercator.ts'
export * from './plane.ts'
export * from './simplify.ts'
