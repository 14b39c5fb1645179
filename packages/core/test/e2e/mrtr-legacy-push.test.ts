import { InMemoryTransport } from '@modelcontextprotocol/server';
import { Client } from '@modelcontextprotocol/client';
import { createApp, silentLogger, type TesseraApp } from '@tessera/core';
import { Deployer } from './mrtr-fixtures';
import { serveStdio } from '@tessera/core/node';

type Answer = (message: string) => unknown;

/** A 2025-era connection that can carry push requests (stdio-like, here in memory). */
async function legacyClient(
  elicit: Answer,
  caps: Record<string, unknown> = { elicitation: {}, sampling: {} },
): Promise<{ app: TesseraApp; c: Client; asked: string[] }> {
  const app = createApp({ name: 'push', version: '1', providers: [Deployer], logger: silentLogger });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  serveStdio(app, { transport: serverSide });
  // A careless (or hostile) client: it skips the SDK's own check of its answers against the schema.
  const anything = {
    getValidator: () => (input: unknown) => ({ valid: true as const, data: input as never, errorMessage: undefined }),
  };
  const c = new Client({ name: 'old', version: '1' }, { capabilities: caps as never, jsonSchemaValidator: anything });
  const asked: string[] = [];
  if ('elicitation' in caps) {
    c.setRequestHandler('elicitation/create', async (r) => {
      const message = (r.params as { message: string }).message;
      asked.push(message);
      return elicit(message) as never;
    });
  }
  if ('sampling' in caps)
    c.setRequestHandler('sampling/createMessage', async () => ({
      role: 'assistant',
      model: 'm',
      content: { type: 'text', text: 'a shop' },
    }));
  await c.connect(clientSide);
  return { app, c, asked };
}

const text = (r: { content: unknown }) => (r.content as Array<{ text: string }>)[0].text;

describe('dependency parameters on a 2025-era connection (push requests)', () => {
  test('a wrong answer is asked again, then used when right', async () => {
    let n = 0;
    const { app, c, asked } = await legacyClient(() => ({
      action: 'accept',
      content: { region: n++ === 0 ? 'mars' : 'eu' },
    }));
    expect(text(await c.callTool({ name: 'strict', arguments: {} }))).toBe('chose eu');
    expect(asked).toEqual([
      'Region?',
      'Region?\n\nThe previous answer was not accepted: region must be one of the following values: eu, us',
    ]);
    await app.close();
  });

  test('an answer still wrong after three asks ends the call with a tool error naming the question', async () => {
    const { app, c, asked } = await legacyClient(() => ({ action: 'accept', content: { region: 'mars' } }));
    const r = await c.callTool({ name: 'strict', arguments: {} });
    expect(r.isError).toBe(true);
    expect(text(r)).toMatch(/answer to "choice" does not match the question \(asked 3 times\)/);
    expect(asked).toHaveLength(3);
    await app.close();
  });

  test('independent questions and a sample are pushed, then the body runs once', async () => {
    const { app, c } = await legacyClient((m) =>
      m.startsWith('Region')
        ? { action: 'accept', content: { region: 'us' } }
        : { action: 'accept', content: { size: 2 } },
    );
    expect(text(await c.callTool({ name: 'deploy', arguments: { app: 'shop' } }))).toBe('shop -> us x2: a shop');
    await app.close();
  });

  test('sequential questions are pushed in order, the first answer reaching the second', async () => {
    const { app, c, asked } = await legacyClient((m) =>
      m === 'Pick a region'
        ? { action: 'accept', content: { region: 'eu' } }
        : { action: 'accept', content: { answer: 'ok' } },
    );
    expect(text(await c.callTool({ name: 'sequential', arguments: {} }))).toBe('eu/ok');
    expect(asked).toEqual(['Pick a region', 'Confirm eu?']);
    await app.close();
  });

  test('a client without the capability gets -32021, nothing is pushed', async () => {
    const { app, c, asked } = await legacyClient(() => ({ action: 'accept', content: { region: 'eu' } }), {});
    await expect(c.callTool({ name: 'strict', arguments: {} })).rejects.toMatchObject({ code: -32021 });
    expect(asked).toEqual([]);
    await app.close();
  });
});
