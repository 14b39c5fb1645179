import type { Logger } from './logger';

/** Discards everything; for tests and embedded use. */
export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };
