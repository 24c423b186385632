#!/usr/bin/env node
// One role of the site in this process (packages/stack/src/role.ts): the container's entry point. Unlike
// bootstrap.mjs it never installs anything: the image (or `npm start` before it) already did.
import { register } from 'tsx/esm/api';

register();
await import('../src/role.ts');
