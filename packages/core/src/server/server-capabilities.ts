import type { ServerCapabilities } from '@modelcontextprotocol/server';
import type { ServerRuntime } from './server-runtime';

/** What the app's SDK server declares: what it serves, its extensions' settings, change notifications with an event bus. */
export function serverCapabilities(rt: ServerRuntime): ServerCapabilities {
  const c = rt.compiled;
  const caps: ServerCapabilities = { logging: {} };
  if (c.toolList.length > 0) caps.tools = {};
  if (c.promptList.length > 0) caps.prompts = {};
  if (c.resourceList.length > 0 || c.templateList.length > 0 || rt.skills) caps.resources = {};
  if (c.promptList.length > 0 || c.templateList.length > 0) caps.completions = {};
  if (rt.extensions.length > 0) {
    const extensions: Record<string, object> = {};
    for (const { extension, settings } of rt.extensions) extensions[extension.id] = settings;
    (caps as { extensions?: Record<string, object> }).extensions = extensions;
  }
  // With an event bus, subscriptions/listen streams may ask for change notifications of what this app serves.
  if (rt.events !== undefined) {
    if (caps.tools) caps.tools.listChanged = true;
    if (caps.prompts) caps.prompts.listChanged = true;
    if (caps.resources) caps.resources = { listChanged: true, subscribe: true };
  }
  return caps;
}
