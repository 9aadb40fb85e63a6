// The public site (client bundle, server bundle and its unit tests) runs on
// Preact through its React compatibility layer: the components are written
// against React's API and these module names are given Preact's in their
// place. React's client renderer alone is about 75 KB gzip, more than the
// whole first-load budget of the home page. The staff console stays on
// React (vite.admin.config.ts does not use these).

/** Module specifier (exactly) → the specifier that replaces it. */
export const preactAliases = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react-dom/server': 'preact-render-to-string',
  'react/jsx-runtime': 'preact/compat/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/compat/jsx-dev-runtime',
};

/** The same as Vite's resolve.alias: exact matches only, so 'react' does not catch 'react-router'. */
export const preactViteAliases = Object.entries(preactAliases).map(([from, to]) => ({
  find: new RegExp(`^${from.replace(/[/]/g, '\\/')}$`),
  replacement: to,
}));

