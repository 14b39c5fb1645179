import { AppResource, Ctx, ExecutionContext, Provider, Tool } from '@tessera/core';

const VIEW = 'ui://dashboard/view.html';

@Provider()
export class Dashboard {
  // served as text/html;profile=mcp-app; csp, permissions, domain and prefersBorder go to _meta.ui
  @AppResource(VIEW, { csp: { connectDomains: ['https://api.example.com'] }, prefersBorder: true })
  view(): string {
    return '<!doctype html><title>Dashboard</title><div id="stats"></div>';
  }

  @Tool({ description: 'Shows the dashboard', ui: { resource: VIEW } })
  show_dashboard(@Ctx() ctx: ExecutionContext) {
    const stats = { requests: 1200, errors: 3 };
    // a client that renders no apps shows only the text: make it say everything
    const text = ctx.ui ? 'The dashboard is shown above.' : `requests ${stats.requests}, errors ${stats.errors}`;
    return { content: [{ type: 'text' as const, text }], structuredContent: stats };
  }

  // listed, but hosts keep it from the model: the view calls it through the host
  @Tool({ description: 'Fresh numbers for the view', ui: { resource: VIEW, visibility: ['app'] } })
  load_stats() {
    return { requests: 1201, errors: 3 };
  }
}
