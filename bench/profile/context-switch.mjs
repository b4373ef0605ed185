// Preloaded (`node --import`) by bench/profile/context-cost.mjs: puts a switchable store where pagelope/node looks for
// its request context (`globalThis[Symbol.for('pagelope.requestContext.v1')]`, which the first copy loaded makes), so
// that one server process can run with the context on and off in turns without a change to src/. SIGUSR2 switches it:
// on, every call goes to a real AsyncLocalStorage; off, `run(store, fn)` is `fn()` and the storage is disabled, so that
// Node stops its async hooks (on Node 20 the promise hooks, which are the context's cost).
import { AsyncLocalStorage } from 'node:async_hooks';

const real = new AsyncLocalStorage();
let on = true;
globalThis[Symbol.for('pagelope.requestContext.v1')] = {
  run: (store, fn, ...args) => (on ? real.run(store, fn, ...args) : fn(...args)),
  getStore: () => (on ? real.getStore() : undefined),
};
process.on('SIGUSR2', () => {
  on = !on;
  if (!on) real.disable();
});
