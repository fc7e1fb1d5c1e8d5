#!/usr/bin/env node
// Adds the lock entries that `npm install` leaves out on this workplace's registry mirror.
//
// The mirror serves the optional native packages of this platform only (linux x64/arm64 glibc), so
// `npm install` writes a package-lock.json without the other platforms' entries (@biomejs/cli-darwin-x64,
// @rollup/rollup-win32-x64-msvc, ...), and `npm ci` then refuses the lock as out of sync with
// package.json. Each missing entry is written as a platform-restricted optional package at the version its
// parent pins; `npm ci` skips it on any other platform, exactly as it would with a full lock.
// Run after every `npm install` that changes the lock: `node scripts/complete-lock.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';

const lockPath = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
const packages = lock.packages;

/** os, cpu and libc from a platform package name such as `cli-linux-x64-musl` or `rollup-win32-arm64-msvc`. */
function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const osIndex = parts.findIndex((p) =>
    [
      'android',
      'darwin',
      'linux',
      'win32',
      'freebsd',
      'openbsd',
      'openharmony',
      'netbsd',
      'sunos',
      'aix',
    ].includes(p),
  );
  if (osIndex === -1) return undefined;
  const os = parts[osIndex];
  const cpu = parts[osIndex + 1];
  const rest = parts.slice(osIndex + 2).join('-');
  const entry = { os: [os], cpu: [cpu] };
  if (os === 'linux' && /musl/.test(rest)) entry.libc = ['musl'];
  else if (os === 'linux' && /gnu|glibc/.test(rest)) entry.libc = ['glibc'];
  return entry;
}

let added = 0;
for (const [location, entry] of Object.entries(packages)) {
  for (const [name, spec] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${location ? `${location}/` : ''}node_modules/${name}`;
    if (packages[nested] || packages[`node_modules/${name}`]) continue;
    const platform = platformOf(name);
    if (!platform) continue;
    const version = String(spec).replace(/^[\^~=]/, '');
    if (!/^\d+\.\d+\.\d+/.test(version)) continue;
    // Keys in the order npm itself writes them (version first, the rest alphabetical), so a later
    // `npm install` leaves these entries as they are.
    const added_ = {
      version,
      cpu: platform.cpu,
      dev: entry.dev,
      libc: platform.libc,
      optional: true,
      os: platform.os,
    };
    for (const key of Object.keys(added_)) if (added_[key] === undefined) delete added_[key];
    packages[`node_modules/${name}`] = added_;
    added += 1;
  }
}

// npm orders package locations with localeCompare('en'); keep its order so `npm install` rewrites nothing.
const sorted = Object.entries(packages).sort(([a], [b]) => a.localeCompare(b, 'en'));
lock.packages = Object.fromEntries(sorted);
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lock: added ${added} platform entries`);

// Every `npm install` re-links node_modules/.bin/node from the node-NN aliases.
