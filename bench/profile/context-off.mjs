// Preloaded (`node --import`) by bench/profile/profile-servers.mjs for a server spec written `!<root>:<kind>`: puts a
// store that keeps nothing where pagelope/node looks for its request context
// (`globalThis[Symbol.for('pagelope.requestContext.v1')]`), so that no AsyncLocalStorage is ever entered and Node's
// async hooks stay off: the server as it would run without the request context, src/ unchanged.
globalThis[Symbol.for('pagelope.requestContext.v1')] = {
  run: (store, fn, ...args) => fn(...args),
  getStore: () => undefined,
};
