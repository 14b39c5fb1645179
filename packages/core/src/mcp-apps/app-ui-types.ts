import type {
  McpUiResourceCsp,
  McpUiResourcePermissions,
  McpUiToolVisibility,
} from '@modelcontextprotocol/ext-apps' with { 'resolution-mode': 'import' };

/** Where an app tool's view may be used from: by the model, by the app's own view, or both (the default). */
export type AppToolVisibility = McpUiToolVisibility;

/** The network origins an app's view may reach (the MCP Apps `csp`), as the host enforces them. */
export type AppResourceCsp = McpUiResourceCsp;

/** Sandbox permissions an app's view asks the host for (camera, microphone, geolocation, clipboard). */
export type AppResourcePermissions = McpUiResourcePermissions;
