import { createApp, silentLogger } from '@tessera/core';
import { sendRaw } from '@tessera/testing';
import { Content, MachineTools } from './fixtures';
import { Deployer } from './mrtr-fixtures';

describe('server/discover and cache hints', () => {
  test('discover names the server, the 2026-07-28 revision and the capabilities the providers give', async () => {
    const app = createApp({
      name: 'machines',
      version: '2.0.0',
      title: 'Machines',
      instructions: 'Be nice.',
      providers: [MachineTools, Content],
      logger: silentLogger,
    });
    const r = await sendRaw(app, 'server/discover', {});
    expect(r.body.result).toMatchObject({
      supportedVersions: ['2026-07-28'],
      _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'machines', version: '2.0.0', title: 'Machines' } },
      capabilities: { tools: {}, prompts: {}, resources: {} },
      instructions: 'Be nice.',
    });
  });

  test('a server with only tools does not advertise prompts or resources', async () => {
    const app = createApp({ name: 'tools-only', version: '1', providers: [MachineTools], logger: silentLogger });
    const r = await sendRaw(app, 'server/discover', {});
    expect(r.body.result?.capabilities).not.toHaveProperty('prompts');
    expect(r.body.result?.capabilities).not.toHaveProperty('resources');
    expect((await sendRaw(app, 'prompts/list', {})).body.error).toMatchObject({ code: -32601 });
  });

  test('list results carry the configured cache hints, private and zero by default', async () => {
    const plain = createApp({ name: 'm', version: '1', providers: [MachineTools], logger: silentLogger });
    expect((await sendRaw(plain, 'tools/list', {})).body.result).toMatchObject({ ttlMs: 0, cacheScope: 'private' });
    const hinted = createApp({
      name: 'm',
      version: '1',
      providers: [MachineTools],
      cacheHints: { 'tools/list': { ttlMs: 60_000, cacheScope: 'public' } },
      logger: silentLogger,
    });
    expect((await sendRaw(hinted, 'tools/list', {})).body.result).toMatchObject({
      ttlMs: 60_000,
      cacheScope: 'public',
    });
  });

  test('an input_required answer carries no cache hints', async () => {
    const app = createApp({
      name: 'd',
      version: '1',
      providers: [Deployer],
      cacheHints: { 'tools/list': { ttlMs: 60_000, cacheScope: 'public' } },
      logger: silentLogger,
    });
    const r = await sendRaw(
      app,
      'tools/call',
      { name: 'strict', arguments: {} },
      { capabilities: { elicitation: {} } },
    );
    expect(r.body.result?.resultType).toBe('input_required');
    expect(r.body.result).not.toHaveProperty('ttlMs');
  });
});
