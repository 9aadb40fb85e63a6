// react-router's package points every import condition at its development
// build (warnings, invariant messages, extra checks); its production build
// sits beside it. The staff console's build uses it: the same components,
// without the development code, in fewer bytes and less rendering work.
// Tests keep the development build and its warnings. (The public site and
// its server renderer route with src/lib/router.tsx, not react-router.)
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const routerDir = dirname(require.resolve('react-router/package.json'));

/** Module specifier → the file of its production build. */
export const productionAliases = {
  'react-router': join(routerDir, 'dist/production/index.mjs'),
};
