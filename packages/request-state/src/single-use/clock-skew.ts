/**
 * How far apart the clocks of instances sharing a key ring may be. A token is refused as minted in the
 * future beyond it, and a consumed token's record outlives the token's expiry by it: an instance whose clock
 * is behind still accepts the token after its expiry by the others' clocks, and must still find the record.
 */
export const MAX_CLOCK_SKEW_SECONDS = 60;
