/** Module resolve hook for react-is-preact.mjs: the same aliases as build.mjs's `reactToPreact`. */
const ALIASES = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react-dom/server': 'preact/compat/server',
  'react/jsx-runtime': 'preact/compat/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/compat/jsx-dev-runtime',
};

export async function resolve(specifier, context, next) {
  return next(ALIASES[specifier] ?? specifier, context);
}
