// Feature <-> feature cycles, over the shipped code only: a test may use another feature without making the two
// depend on each other. The folder graph cannot leave tests out rule by rule, hence this second configuration.
const base = require('./.dependency-cruiser.cjs')

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-feature-cycle',
      comment: 'Two features must not import each other, even through different files or other folders.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^web/src/features/[^/]+$' },
      to: { circular: true },
    },
  ],
  options: { ...base.options, exclude: { path: [...base.options.exclude.path, '\\.test\\.tsx?$', '^web/src/test/'] } },
}
