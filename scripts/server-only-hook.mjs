// Module resolution for the app's server process (scripts/app-server.ts): Node must not run with
// --conditions=react-server there, because Next renders pages with React's client build in the same process, yet
// lib/ marks server modules with `import "server-only"`, whose default entry throws outside a react-server build.
// This hook sends only that one import to the package's empty module, as the react-server condition would.
const EMPTY = new URL("../node_modules/server-only/empty.js", import.meta.url).href;

export async function resolve(specifier, context, nextResolve) {
  if (specifier === "server-only") return { url: EMPTY, shortCircuit: true };
  return nextResolve(specifier, context);
}
