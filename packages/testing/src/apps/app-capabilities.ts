import type { ClientCapabilities } from '@modelcontextprotocol/client';
import { ALL_INPUT_CAPABILITIES } from '../flow/flow-tester';
import { loadExtApps } from './load-ext-apps';

/**
 * What a client that renders MCP Apps declares: every question kind, and the ui extension with the app MIME
 * type and app-rendered questions (SEP-3118's `elicitation` flag). `createFlowTester(app, { capabilities:
 * appRenderingCapabilities() })`; pass `{ questions: false }` for a host that renders views but not questions.
 */
export function appRenderingCapabilities(options: { questions?: boolean } = {}): ClientCapabilities {
  const { EXTENSION_ID, RESOURCE_MIME_TYPE } = loadExtApps();
  const ui: Record<string, unknown> = { mimeTypes: [RESOURCE_MIME_TYPE] };
  if (options.questions !== false) ui.elicitation = {};
  return { ...ALL_INPUT_CAPABILITIES, extensions: { [EXTENSION_ID]: ui } } as ClientCapabilities;
}
