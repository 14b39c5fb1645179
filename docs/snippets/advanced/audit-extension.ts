import { clientExtension, createApp, type ServerExtension } from '@tessera/core';
import { Dashboard } from '../mcp-apps/dashboard';

const ID = 'com.example/audit';

// Any Standard Schema accepts the params; the handler checks its fields itself.
const anyParams = {
  '~standard': {
    version: 1 as const,
    vendor: 'example',
    validate: (value: unknown) => ({ value: value as Record<string, unknown> }),
  },
};

export const audit: ServerExtension = {
  id: ID,
  // once, at createApp: refuse the app by throwing, advertise settings, or return undefined to stay off
  setup: (app) => ({ auditedTools: app.tools.length }),
  // each request's SDK server: the extension's own methods
  attach(server, requests) {
    server.setRequestHandler('audit/status', { params: anyParams }, (_params, ctx) => {
      const declared = clientExtension(requests.clientCapabilities(ctx), ID);
      return { resultType: 'complete', clientLevel: declared?.level ?? null } as never;
    });
  },
  // once at startup: add to each tools/list entry (never rename it)
  decorateTool: (tool) => ({ ...tool, _meta: { ...tool._meta, [`${ID}/audited`]: true } }),
};

export const app = createApp({ name: 'audited', version: '1', providers: [Dashboard], extensions: [audit] });
