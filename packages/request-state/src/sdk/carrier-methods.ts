import type { RequestBinding } from '../binding/request-binding';

/** The methods whose answer may be input_required, and so the only ones that mint and carry requestState. */
export type CarrierMethod = RequestBinding['method'];

export const CARRIER_METHODS: readonly CarrierMethod[] = ['tools/call', 'prompts/get', 'resources/read'];

export function isCarrierMethod(method: string): method is CarrierMethod {
  return (CARRIER_METHODS as readonly string[]).includes(method);
}
