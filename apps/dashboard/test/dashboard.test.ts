import { createApp, silentLogger } from '@tessera/core';
import { answer, appRenderingCapabilities, createFlowTester, expectAppTool } from '@tessera/testing';
import { Dashboard, VIEW_URI } from '../src/dashboard';

const dashboard = { name: 'dashboard', version: '1', providers: [Dashboard], logger: silentLogger };

describe('apps/dashboard', () => {
  test('the dashboard tool has the view; load_stats is for the view only, and still listed', async () => {
    const tester = await createFlowTester(dashboard);
    try {
      const { tools } = await tester.client.listTools();
      expectAppTool(
        tools.find((t) => t.name === 'show_dashboard'),
        { resourceUri: VIEW_URI },
      );
      expectAppTool(
        tools.find((t) => t.name === 'load_stats'),
        { resourceUri: VIEW_URI, visibility: ['app'] },
      );
      const read = await tester.client.readResource({ uri: VIEW_URI });
      const page = read.contents[0] as { mimeType: string; text: string };
      expect(page.mimeType).toBe('text/html;profile=mcp-app');
      // the view calls the tool back through the host
      expect(page.text).toContain("request('tools/call', { name: 'load_stats'");
    } finally {
      await tester.close();
    }
  });

  test('a client without apps gets the numbers as text; one with apps a pointer to the view', async () => {
    const plain = await createFlowTester(createApp(dashboard));
    const rendering = await createFlowTester(createApp(dashboard), { capabilities: appRenderingCapabilities() });
    try {
      (await plain.callTool('show_dashboard')).expectResult(/^requests \d+, errors \d+, p95 \d+ ms$/);
      (await rendering.callTool('show_dashboard')).expectResult('The dashboard is shown above.');
    } finally {
      await plain.close();
      await rendering.close();
    }
  });

  test('set_alert asks through the view for a host that renders app questions, the plain form otherwise', async () => {
    const answers = { threshold: answer.accept({ errors: 7 }) };
    const plain = await createFlowTester(createApp(dashboard));
    const rendering = await createFlowTester(createApp(dashboard), { capabilities: appRenderingCapabilities() });
    try {
      (await rendering.callTool('set_alert', {}, { answers }))
        .expectAsked(1, { threshold: { app: VIEW_URI } })
        .expectResult('Alert set at 7 errors a minute.');
      const run = await plain.callTool('set_alert', {}, { answers });
      run.expectAsked(1, ['threshold']).expectResult('Alert set at 7 errors a minute.');
      expect(run.rounds[0]?.questions.threshold?.app).toBeUndefined();
      // the view draws the form of any question the host hands it, and declares that it does
      const read = await rendering.client.readResource({ uri: VIEW_URI });
      const page = (read.contents[0] as { text: string }).text;
      expect(page).toContain("m.method === 'elicitation/create'");
      expect(page).toContain('appCapabilities: { elicitation: {} }');
    } finally {
      await plain.close();
      await rendering.close();
    }
  });
});
