import { AppResource, Ctx, Elicit, ExecutionContext, Provider, Tool } from '@tessera/core';
import { AlertThreshold } from './alert-threshold';
import { DASHBOARD_VIEW } from './dashboard-view';

export const VIEW_URI = 'ui://dashboard/view.html';

/** What the service reports; a real one would read its metrics store. */
function currentStats(): { requests: number; errors: number; p95Ms: number } {
  const minute = new Date().getUTCMinutes();
  return { requests: 1200 + minute * 7, errors: minute % 5, p95Ms: 80 + (minute % 13) };
}

const asText = (s: ReturnType<typeof currentStats>) => `requests ${s.requests}, errors ${s.errors}, p95 ${s.p95Ms} ms`;

/** A dashboard tool with a view, the tool the view calls back through the host, and a question the view renders. */
@Provider()
export class Dashboard {
  @AppResource(VIEW_URI, { description: 'The service dashboard', prefersBorder: true })
  view(): string {
    return DASHBOARD_VIEW;
  }

  @Tool({ description: 'Shows the service dashboard', ui: { resource: VIEW_URI } })
  show_dashboard(@Ctx() ctx: ExecutionContext) {
    const stats = currentStats();
    // a client without apps shows only this text, so it says everything the view would
    const text = ctx.ui ? 'The dashboard is shown above.' : asText(stats);
    return { content: [{ type: 'text' as const, text }], structuredContent: stats };
  }

  @Tool({ description: 'Fresh numbers for the dashboard view', ui: { resource: VIEW_URI, visibility: ['app'] } })
  load_stats() {
    const stats = currentStats();
    return { content: [{ type: 'text' as const, text: asText(stats) }], structuredContent: stats };
  }

  @Tool({ description: 'Sets the error alert of the service; the dashboard view asks for the threshold' })
  set_alert(
    // a host that renders app questions (SEP-3118) shows the dashboard view for this form; any other, its own form
    @Elicit({ key: 'threshold', message: 'Alert at how many errors a minute?', schema: AlertThreshold, app: VIEW_URI })
    threshold: AlertThreshold,
  ): string {
    return `Alert set at ${threshold.errors} errors a minute.`;
  }
}
