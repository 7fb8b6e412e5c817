/** ngraph.graph + ngraph.path (devDependencies) re-exported for bench/routing.bench.ts, which cannot resolve them. */
export { default as createGraph } from 'ngraph.graph'
export { aStar } from 'ngraph.path'
