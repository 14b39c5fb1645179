import type { ClientCapabilities } from '@modelcontextprotocol/client';
import type { InputCallbacks } from './input-callbacks.types';

/** Declares exactly what the given callbacks can answer, so a server never asks for something we cannot give. */
export function capabilitiesFromCallbacks(callbacks: InputCallbacks): ClientCapabilities {
  const capabilities: ClientCapabilities = {};
  if (callbacks.elicitation !== undefined) {
    const url = typeof callbacks.elicitation === 'object' && callbacks.elicitation.url === true;
    // applyDefaults (SEP-1034): an accepted form answer is sent with the schema's defaults for what it leaves out
    capabilities.elicitation = url ? { form: { applyDefaults: true }, url: {} } : { form: { applyDefaults: true } };
  }
  if (callbacks.sampling !== undefined) capabilities.sampling = {};
  if (callbacks.listRoots !== undefined) capabilities.roots = {};
  return capabilities;
}
