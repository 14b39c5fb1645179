import { AppResource, createApp, Provider, silentLogger, type AppModule } from '@tessera/core';
import { sendRaw } from '@tessera/testing';
import type { ReadResourceResult } from '@modelcontextprotocol/server';
import { Dashboard, HTML, RENDERS_APPS, VIEW } from './app-fixtures';

@Provider()
class ViewOnly {
  @AppResource('ui://lonely/view.html')
  view(): string {
    return '<p>alone</p>';
  }
}

@Provider()
class OwnMeta {
  @AppResource('ui://own/view.html', { domain: 'declared.example.com', prefersBorder: false })
  view(): ReadResourceResult {
    const uri = 'ui://own/view.html';
    const _meta = { trace: 'kept', ui: { domain: 'own.example.com' } };
    return { contents: [{ uri, mimeType: 'text/html;profile=mcp-app', text: '<p>own</p>', _meta }] };
  }
}

const app = (providers: AppModule['providers'] = [Dashboard]) =>
  createApp({ name: 'dash', version: '1', providers, logger: silentLogger });

type Listed = { name: string; _meta?: Record<string, unknown> };

describe('MCP Apps: app tools and views', () => {
  test("an app tool's entry carries _meta.ui and the flat key, as ext-apps' registerAppTool writes them", async () => {
    const tools = (await sendRaw(app(), 'tools/list', {})).body.result?.tools as Listed[];
    const byName = Object.fromEntries(tools.map((t) => [t.name, t._meta]));
    expect(byName.show).toEqual({ ui: { resourceUri: VIEW }, 'ui/resourceUri': VIEW });
    // an app-only tool stays listed; the host hides it from the model
    expect(byName.refresh).toEqual({ ui: { resourceUri: VIEW, visibility: ['app'] }, 'ui/resourceUri': VIEW });
  });

  test('the view is listed with the app MIME type and its _meta.ui, and read as HTML', async () => {
    const a = app();
    const resources = (await sendRaw(a, 'resources/list', {})).body.result?.resources as object[];
    expect(resources).toContainEqual(
      expect.objectContaining({
        uri: VIEW,
        mimeType: 'text/html;profile=mcp-app',
        _meta: { ui: { csp: { connectDomains: ['https://api.example.com'] }, prefersBorder: true } },
      }),
    );
    const read = await sendRaw(a, 'resources/read', { uri: VIEW });
    expect(read.body.result?.contents).toEqual([
      {
        uri: VIEW,
        mimeType: 'text/html;profile=mcp-app',
        text: HTML,
        _meta: { ui: { csp: { connectDomains: ['https://api.example.com'] }, prefersBorder: true } },
      },
    ]);
  });

  test("the read content carries the view's _meta.ui; what the method writes there wins, key by key", async () => {
    const read = await sendRaw(app([OwnMeta]), 'resources/read', { uri: 'ui://own/view.html' });
    expect(read.body.result?.contents).toEqual([
      {
        uri: 'ui://own/view.html',
        mimeType: 'text/html;profile=mcp-app',
        text: '<p>own</p>',
        _meta: { trace: 'kept', ui: { domain: 'own.example.com', prefersBorder: false } },
      },
    ]);
    // a view that declares nothing for the host gets no _meta on its content
    const plain = await sendRaw(app([ViewOnly]), 'resources/read', { uri: 'ui://lonely/view.html' });
    expect(plain.body.result?.contents).toEqual([
      { uri: 'ui://lonely/view.html', mimeType: 'text/html;profile=mcp-app', text: '<p>alone</p>' },
    ]);
  });

  test('the extension is advertised once an app tool exists, and not otherwise', async () => {
    const caps = (await sendRaw(app(), 'server/discover', {})).body.result?.capabilities as Record<string, object>;
    expect(caps.extensions).toMatchObject({ 'io.modelcontextprotocol/ui': {} });
    expect(caps.extensions).not.toHaveProperty(['io.modelcontextprotocol/ui', 'elicitation']);
    const viewOnly = (await sendRaw(app([ViewOnly]), 'server/discover', {})).body.result?.capabilities;
    expect(viewOnly).not.toHaveProperty('extensions');
  });

  test('ctx.ui says whether this request’s client renders apps', async () => {
    const a = app();
    const plain = await sendRaw(a, 'tools/call', { name: 'show', arguments: {} });
    expect(plain.body.result?.content).toEqual([
      { type: 'text', text: 'cpu 12%, memory 40% (text for a client without apps)' },
    ]);
    const rendering = await sendRaw(a, 'tools/call', { name: 'show', arguments: {} }, { capabilities: RENDERS_APPS });
    expect(rendering.body.result?.content).toEqual([{ type: 'text', text: 'rendered in the view' }]);
    const otherMime = { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/plain'] } } } as never;
    const other = await sendRaw(a, 'tools/call', { name: 'show', arguments: {} }, { capabilities: otherMime });
    expect(other.body.result?.content).toEqual([
      { type: 'text', text: 'cpu 12%, memory 40% (text for a client without apps)' },
    ]);
  });

  test('an app tool asks with @Elicit (an MRTR round), then answers', async () => {
    const a = app();
    const caps = { ...(RENDERS_APPS as object), elicitation: {} } as never;
    const first = await sendRaw(a, 'tools/call', { name: 'deploy', arguments: {} }, { capabilities: caps });
    expect(first.body.result).toMatchObject({ resultType: 'input_required' });
    const { inputRequests, requestState } = first.body.result as {
      inputRequests: Record<string, unknown>;
      requestState: string;
    };
    expect(Object.keys(inputRequests)).toEqual(['region']);
    const second = await sendRaw(
      a,
      'tools/call',
      {
        name: 'deploy',
        arguments: {},
        requestState,
        inputResponses: { region: { action: 'accept', content: { region: 'eu' } } },
      },
      { capabilities: caps },
    );
    expect(second.body.result?.content).toEqual([{ type: 'text', text: 'deployed to eu' }]);
  });

  test('an app tool sits behind guards', async () => {
    const refused = await sendRaw(app(), 'tools/call', { name: 'refresh', arguments: { caller: 'guest' } });
    expect(JSON.stringify(refused.body)).toContain('guests may not refresh');
    const allowed = await sendRaw(app(), 'tools/call', { name: 'refresh', arguments: { caller: 'ann' } });
    expect(allowed.body.result?.content).toEqual([{ type: 'text', text: 'refreshed' }]);
  });

  test('an app tool runs as a task for a client that declares Tasks', async () => {
    const caps = {
      extensions: {
        'io.modelcontextprotocol/tasks': {},
        'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] },
      },
    } as never;
    const r = await sendRaw(app(), 'tools/call', { name: 'report', arguments: {} }, { capabilities: caps });
    expect(r.body.result).toMatchObject({ resultType: 'task' });
  });
});
