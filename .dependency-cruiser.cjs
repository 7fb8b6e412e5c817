// Import boundaries, checked by `npm test` (scripts/boundaries.mjs). What each rule protects is in README.md, "Boundaries".
const feature = '^web/src/features/[^/]+'
const entries = `${feature}/(index|components)\\.ts$`
const testing = `${feature}/testing\\.tsx?$`
const test = '(\\.test\\.tsx?|/testing\\.tsx?)$|^web/src/test/'

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      comment: 'A module must not import itself back through others: split the shared piece into a smaller module.',
      severity: 'error',
      from: { path: '^(web|sync-server)/src/' },
      to: { circular: true },
    },
    {
      name: 'feature-through-index',
      comment:
        'A feature uses another only through its entries: index.ts, and components.ts where its components bring styles ' +
        '(CSS is a side effect a bundler keeps, so it stays out of index.ts). A lazy import may name the file: it is a ' +
        "split point, and naming it keeps the chunk to that file. Tests may also use a feature's testing.ts.",
      severity: 'error',
      from: { path: '^web/src/features/([^/]+)/' },
      to: {
        path: '^web/src/features/',
        pathNot: ['^web/src/features/$1/', entries, testing],
        dependencyTypesNot: ['dynamic-import'],
      },
    },
    {
      name: 'feature-testing-only-in-tests',
      severity: 'error',
      from: { pathNot: test },
      to: { path: [testing, '^web/src/test/'] },
    },
    {
      name: 'shared-code-through-index',
      comment: 'ui, api, db, sync, sw and the test helpers reach a feature only through its entries.',
      severity: 'error',
      from: { path: '^web/src/(ui|api|db|sync|sw|test)/' },
      to: { path: '^web/src/features/', pathNot: [entries, testing] },
    },
    {
      name: 'shared-code-no-feature',
      comment: 'The design system, the API client, the database and the sync engine know no feature (their tests may).',
      severity: 'error',
      from: { path: '^web/src/(ui|api|db|sync|sw)/', pathNot: test },
      to: { path: '^web/src/features/' },
    },
    {
      name: 'features-not-to-screens',
      comment: 'Features are composed by app/ and routes/, never the other way round (a test may render the frame).',
      severity: 'error',
      from: { path: '^web/src/(features|ui|api|db|sync|sw)/', pathNot: test },
      to: { path: '^web/src/(app|routes)/' },
    },
  ],
  options: {
    // Type-only imports count too: a cycle or a reach into a feature's internals is a boundary crossed either way.
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '/dist/', 'routeTree\\.gen\\.ts$'] },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
  },
}
