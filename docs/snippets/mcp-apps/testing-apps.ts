import { appRenderingCapabilities, answer, createFlowTester, expectAppTool } from '@tessera/testing';
import { silentLogger } from '@tessera/core';
import { Deployer } from './app-question';
import { Dashboard } from './dashboard';

export async function checkApps(): Promise<void> {
  const tester = await createFlowTester(
    { name: 'apps', version: '1', providers: [Dashboard, Deployer], logger: silentLogger },
    { capabilities: appRenderingCapabilities() },
  );
  const { tools } = await tester.client.listTools();
  expectAppTool(
    tools.find((t) => t.name === 'load_stats'),
    { resourceUri: 'ui://dashboard/view.html', visibility: ['app'] },
  );
  const run = await tester.callTool('deploy', {}, { answers: { region: answer.accept({ region: 'eu' }) } });
  run.expectAsked(1, { region: { app: 'ui://forms/region.html' } }).expectResult('deployed to eu');
  await tester.close();
}
