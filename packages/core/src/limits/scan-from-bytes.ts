/**
 * Below this size a body is not scanned before it is parsed: JSON.parse of even the worst shape (one object of
 * tiny keys, about 40 ms per MiB) takes under a millisecond, and ordinary calls, far smaller, pay nothing.
 * On a file of its own so that the scanner and its lazy loader (refuse-large-body.ts) both read it.
 */
export const SCAN_FROM_BYTES = 16 * 1024;
