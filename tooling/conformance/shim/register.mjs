// `node --import ./register.mjs`: installs hooks.mjs (Node 20 fallback for the conformance CLI).
import { register } from 'node:module';

register('./hooks.mjs', import.meta.url);
