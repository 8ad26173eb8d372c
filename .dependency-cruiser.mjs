import path from 'node:path';

/**
 * No import circles anywhere, type-only links included: import-x/no-cycle (eslint.config.js) skips
 * those, and a circle made of them still ties its files into one knot. Floors are in eslint.config.js.
 */
export default {
  forbidden: [
    {
      name: 'no-circle',
      severity: 'error',
      comment: 'Break the circle: move what both sides need into a small module below them.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    // The console's settings resolve its @/ alias; server and common import relatively or by #common/*.
    // An absolute name: dependency-cruiser reads a relative one's `extends` from the wrong folder.
    tsConfig: { fileName: path.join(import.meta.dirname, 'web/tsconfig.json') },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)dist/' },
  },
};
