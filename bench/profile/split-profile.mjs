// Summarises a .cpuprofile: a diagnostic tool, not part of `npm run bench`.
//
//   node bench/profile/split-profile.mjs <file.cpuprofile> [topSelf] [topInclusive] [requests]
//
// Attributes each sample to an owner: serialization (fast-json-stringify, its compiled code, JSON.stringify), pagelope
// (by src/ folder: the closest src/ frame above the leaf, skipping natives, node internals, zod, uuid), the framework
// (fastify & co, express, hono, nest, node http), the app, gc, program. Also the top functions by self time and pagelope's
// functions by inclusive time. With `requests`, each line also shows µs per request (profile time ÷ requests).
import { readFileSync } from 'node:fs';
const [file, topSelf = '30', topIncl = '30', requestsArg] = process.argv.slice(2);
const requests = Number(requestsArg ?? NaN);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const short = (url) =>
  url
    .replace(/^file:\/\//, '')
    .replace(/.*node_modules\//, 'nm:')
    .replace(/.*\/(src|bench|examples)\//, '$1/');
const FRAMEWORK =
  /node_modules\/(fastify|find-my-way|avvio|light-my-request|fast-querystring|@fastify\/(?!rate-limit)[^/]+|express|router|body-parser|finalhandler|send|on-finished|qs|hono|@hono\/[^/]+|@nestjs\/[^/]+|rxjs|path-to-regexp|content-type|mime-types|type-is|accepts|negotiator|depd|statuses|vary|etag|fresh|range-parser|parseurl|encodeurl|escape-html|safe-buffer|toad-cache|process-warning|abstract-logging|pino|rfdc|fast-decode-uri-component|@lukeed)/;
const SERIAL = (cf) =>
  (cf.functionName === 'serialize' && cf.url.includes('fastify/lib/reply.js')) ||
  (cf.functionName === 'stringify' && cf.url.includes('express/lib/response.js')) ||
  (cf.functionName === 'json' && cf.url.includes('hono/dist/context.js')) ||
  cf.url.includes('fast-json-stringify') ||
  (cf.url === '' && /^anonymous\d*$/.test(cf.functionName)) ||
  (cf.url === '' && cf.functionName === 'stringify');
const owner = (leafId) => {
  const leaf = byId.get(leafId).callFrame;
  if (leaf.functionName === '(idle)') return 'idle';
  if (leaf.functionName === '(garbage collector)') return 'gc';
  if (leaf.functionName === '(program)') return 'program';
  let pagelopeDep = false;
  for (let id = leafId; id !== undefined; id = parent.get(id)) {
    const cf = byId.get(id).callFrame;
    if (SERIAL(cf)) return 'serialization';
  }
  for (let id = leafId; id !== undefined; id = parent.get(id)) {
    const cf = byId.get(id).callFrame;
    const url = cf.url;
    const ours = url.includes('/src/') && !url.includes('node_modules');
    if (ours && url.includes('/src/adapters/')) return 'adapter:' + short(url).replace(/^src\/adapters\//, '');
    if (url.includes('/src/'))
      return (
        'pagelope:' +
        short(url)
          .replace(/^src\//, '')
          .replace(/\/[^/]*$/, '')
      );
    if (url.includes('node_modules/zod') || url.includes('node_modules/uuid')) {
      pagelopeDep = true;
      continue;
    }
    if (
      url.includes('@fastify/rate-limit') ||
      url.includes('express-rate-limit') ||
      url.includes('hono-rate-limiter') ||
      url.includes('@nestjs/throttler')
    )
      return 'rate-limit';
    if (FRAMEWORK.test(url)) return 'framework:' + url.match(FRAMEWORK)[1];
    if (url.includes('/examples/') || url.includes('/bench/')) return 'app:' + short(url);
    if (url.includes('node_modules/')) return 'other-nm:' + url.match(/node_modules\/((@[^/]+\/)?[^/]+)/)[1];
  }
  return pagelopeDep ? 'pagelope:?' : 'node-http';
};
const self = new Map();
for (let i = 0; i < profile.samples.length; i++)
  self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + (profile.timeDeltas[i + 1] ?? 0));
const cats = new Map(),
  fns = new Map(),
  incl = new Map();
let total = 0;
for (const [id, t] of self) {
  const o = owner(id);
  if (o === 'idle') continue;
  total += t;
  cats.set(o, (cats.get(o) ?? 0) + t);
  const cf = byId.get(id).callFrame;
  const f = `${cf.functionName || '(anon)'} ${short(cf.url)}:${cf.lineNumber + 1}`;
  fns.set(f, (fns.get(f) ?? 0) + t);
  const seen = new Set();
  for (let p = id; p !== undefined; p = parent.get(p)) {
    const c = byId.get(p).callFrame;
    if (!c.url.includes('/src/') || c.url.includes('node_modules')) continue;
    const k = `${c.functionName || '(anon)'} ${short(c.url)}:${c.lineNumber + 1}`;
    if (seen.has(k)) continue;
    seen.add(k);
    incl.set(k, (incl.get(k) ?? 0) + t);
  }
}
const pct = (t) =>
  ((100 * t) / total).toFixed(1).padStart(5) + '%' + (requests ? ` ${(t / requests).toFixed(1).padStart(6)}µs` : '');
const group = (prefix) => [...cats].filter(([c]) => c.startsWith(prefix)).reduce((s, [, t]) => s + t, 0);
console.log(`${file}\ntotal non-idle ${(total / 1000).toFixed(0)} ms`);
console.log('--- split');
for (const p of [
  'framework',
  'node-http',
  'rate-limit',
  'serialization',
  'adapter',
  'pagelope',
  'app',
  'gc',
  'program',
  'other-nm',
])
  console.log(pct(group(p)), p);
console.log('--- by owner');
for (const [c, t] of [...cats].sort((a, b) => b[1] - a[1])) if (t / total > 0.003) console.log(pct(t), c);
console.log('--- top self');
for (const [f, t] of [...fns].sort((a, b) => b[1] - a[1]).slice(0, Number(topSelf))) console.log(pct(t), f);
console.log('--- pagelope inclusive');
for (const [f, t] of [...incl].sort((a, b) => b[1] - a[1]).slice(0, Number(topIncl))) console.log(pct(t), f);
