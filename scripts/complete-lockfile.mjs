// Works around npm/cli#4828 on registries that only serve this platform's binaries: `npm install` then leaves the
// other platforms' optional packages out of package-lock.json, and `npm ci` refuses the lockfile as out of sync.
// This adds each missing optional package as an entry that `npm ci` skips on a platform it does not match.
// Run after `npm install`: `node scripts/complete-lockfile.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';

const path = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(path, 'utf8'));
const packages = lock.packages;
const osNames = ['android', 'darwin', 'freebsd', 'linux', 'openbsd', 'netbsd', 'sunos', 'win32', 'aix', 'openharmony'];
const cpuNames = [
  'arm64',
  'arm',
  'x64',
  'ia32',
  'loong64',
  'ppc64',
  'riscv64',
  's390x',
  'mips64el',
  'mipsel',
  'wasm32',
];

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((part) => osNames.includes(part));
  const cpu = parts.find((part) => cpuNames.includes(part));
  return { os, cpu };
}

function resolves(from, name) {
  let base = from;
  for (;;) {
    if (packages[`${base ? `${base}/` : ''}node_modules/${name}`]) return true;
    if (!base) return false;
    const index = base.lastIndexOf('node_modules/');
    base = index <= 0 ? '' : base.slice(0, index - 1);
  }
}

let added = 0;
for (const [key, entry] of Object.entries({ ...packages })) {
  for (const [name, spec] of Object.entries(entry.optionalDependencies ?? {})) {
    if (resolves(key, name)) continue;
    const { os, cpu } = platformOf(name);
    const stub = { version: spec.replace(/^[\^~=]/, ''), optional: true };
    if (os) stub.os = [os];
    if (cpu) stub.cpu = [cpu === 'wasm32' ? 'wasm32' : cpu];
    packages[`node_modules/${name}`] = stub;
    added += 1;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : 1)),
);
writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`added ${added} optional platform entries`);
