import { SUPPORTED_PROTOCOL_VERSIONS, type ClientOptions } from '@modelcontextprotocol/client';
import { InvalidProtocolPreferenceError } from '../errors/invalid-protocol-preference.error';
import { ProtocolNegotiationError } from '../errors/protocol-negotiation.error';
import { TesseraClientError } from '../errors/tessera-client-error';
import type { ProtocolPreference } from './client-options';

// The first revision of the modern era (rounds in results). The SDK draws the same line (its
// isModernProtocolVersion) but does not export it.
const FIRST_MODERN_REVISION = '2026-07-28';
const REVISION = /^\d{4}-\d{2}-\d{2}$/;

/** Every revision `protocol: { pin }` accepts: 2026-07-28 (and later ones) and the SDK's 2025-era list. */
export function pinnableRevisions(): string[] {
  return [FIRST_MODERN_REVISION, ...SUPPORTED_PROTOCOL_VERSIONS];
}

/**
 * The SDK client options for a `protocol` preference. The SDK can pin only modern revisions; a 2025-era pin is
 * its plain `initialize` handshake offering exactly that revision (and accepting no other in reply).
 */
export function negotiationOptions(
  protocol: ProtocolPreference = 'auto',
): Pick<ClientOptions, 'versionNegotiation' | 'supportedProtocolVersions'> {
  if (protocol === 'auto' || protocol === 'legacy') return { versionNegotiation: { mode: protocol } };
  const pin = typeof protocol === 'object' && protocol !== null ? (protocol as { pin?: unknown }).pin : undefined;
  if (typeof pin !== 'string' || !REVISION.test(pin))
    throw new InvalidProtocolPreferenceError(protocol, pinnableRevisions());
  if (SUPPORTED_PROTOCOL_VERSIONS.includes(pin))
    return { versionNegotiation: { mode: 'legacy' }, supportedProtocolVersions: [pin] };
  if (pin >= FIRST_MODERN_REVISION) return { versionNegotiation: { mode: { pin } } };
  throw new InvalidProtocolPreferenceError(protocol, pinnableRevisions());
}

/**
 * A connect failure told in Tessera's terms: the client's own error when one caused it (the SDK wraps what fails
 * during its discovery probe, e.g. an OAuth flow that ended), and for a pinned client the SDK's versionNegotiation
 * message as a `ProtocolNegotiationError`.
 */
export function explainConnectError(protocol: ProtocolPreference | undefined, error: unknown): unknown {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth++) {
    if (TesseraClientError.isInstance(cause)) return cause;
  }
  if (typeof protocol !== 'object' || protocol === null) return error;
  const message = error instanceof Error ? error.message : String(error);
  const answered = /^Server's protocol version is not supported: (.+)$/.exec(message)?.[1];
  if (answered !== undefined) return new ProtocolNegotiationError(protocol.pin, `it answered ${answered}`, error);
  if (/pinned protocol version/.test(message))
    return new ProtocolNegotiationError(protocol.pin, 'its server/discover did not offer it', error);
  return error;
}
