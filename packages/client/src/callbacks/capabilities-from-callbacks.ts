import type { ClientCapabilities } from '@modelcontextprotocol/client';
import type { InputCallbacks } from './input-callbacks.types';

/** Declares exactly what the given callbacks can answer, so a server never asks for something we cannot give. */
export function capabilitiesFromCallbacks(callbacks: InputCallbacks): ClientCapabilities {
  const capabilities: ClientCapabilities = {};
  if (callbacks.elicitation !== undefined) {
    const url = typeof callbacks.elicitation === 'object' && callbacks.elicitation.url === true;
    capabilities.elicitation = url ? { form: {}, url: {} } : { form: {} };
  }
  if (callbacks.sampling !== undefined) capabilities.sampling = {};
  if (callbacks.listRoots !== undefined) capabilities.roots = {};
  return capabilities;
}
