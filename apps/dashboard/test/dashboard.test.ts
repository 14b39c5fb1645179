import { createApp, silentLogger } from '@tessera/core';
import { appRenderingCapabilities, createFlowTester, expectAppTool } from '@tessera/testing';
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
});
