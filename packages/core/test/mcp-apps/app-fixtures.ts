import { IsIn } from 'class-validator';
import {
  AppResource,
  Ctx,
  Elicit,
  ExecutionContext,
  Field,
  ForbiddenError,
  Provider,
  Tool,
  UseGuards,
  type Guard,
} from '@tessera/core';

export const VIEW = 'ui://dashboard/view.html';
export const FORM = 'ui://forms/region.html';
export const HTML = '<!doctype html><title>Dashboard</title><p>loading</p>';

/** What a client that renders MCP Apps declares (the app MIME type under the ui extension). */
export const RENDERS_APPS = {
  extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } },
} as never;

export class RegionChoice {
  @Field() @IsIn(['eu', 'us']) region!: string;
}

class NoGuests implements Guard {
  canActivate(ctx: ExecutionContext): boolean {
    if (ctx.arguments.caller === 'guest') throw new ForbiddenError('guests may not refresh');
    return true;
  }
}

@Provider()
export class Dashboard {
  @AppResource(VIEW, {
    description: 'The dashboard view',
    csp: { connectDomains: ['https://api.example.com'] },
    prefersBorder: true,
  })
  view(): string {
    return HTML;
  }

  @AppResource(FORM)
  form(): string {
    return '<!doctype html><form></form>';
  }

  @Tool({ description: 'Shows the dashboard', ui: { resource: VIEW } })
  show(@Ctx() ctx: ExecutionContext): string {
    return ctx.ui ? 'rendered in the view' : 'cpu 12%, memory 40% (text for a client without apps)';
  }

  @Tool({ description: 'Refreshes a panel (from the view only)', ui: { resource: VIEW, visibility: ['app'] } })
  @UseGuards(NoGuests)
  refresh(): string {
    return 'refreshed';
  }

  @Tool({ description: 'Deploys, asking the region', ui: { resource: VIEW } })
  deploy(@Elicit({ key: 'region', message: 'Which region?', schema: RegionChoice }) choice: RegionChoice): string {
    return `deployed to ${choice.region}`;
  }

  @Tool({ description: 'A long report', ui: { resource: VIEW }, task: 'optional' })
  report(): string {
    return 'report ready';
  }
}

@Provider()
export class RegionForm {
  @AppResource(FORM)
  form(): string {
    return '<!doctype html><form></form>';
  }

  @Tool({ description: 'Deploys, the region asked in the app form' })
  deploy(
    @Elicit({ key: 'region', message: 'Which region?', schema: RegionChoice, app: FORM }) choice: RegionChoice,
  ): string {
    return `deployed to ${choice.region}`;
  }
}
