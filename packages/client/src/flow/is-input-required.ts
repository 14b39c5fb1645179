import { isInputRequiredResult, type InputRequiredResult } from '@modelcontextprotocol/client';

/** Narrows a manual-mode result: true when the server wants input before it can answer. */
export function isInputRequired<T>(result: T | InputRequiredResult): result is InputRequiredResult {
  return isInputRequiredResult(result);
}
