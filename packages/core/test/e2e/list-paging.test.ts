import { createApp, Provider, silentLogger, Tool } from '@tessera/core';
import { connectInMemory } from '@tessera/testing';
import type { Client } from '@modelcontextprotocol/client';
import { textOf } from './support/result-text';

const COUNT = 1000;
const names = Array.from({ length: COUNT }, (_, i) => `tool_${String(i).padStart(4, '0')}`);

/** A provider with 1000 tool methods, decorated by calling the decorator function by hand. */
@Provider()
class Many {}
for (const name of names) {
  Object.defineProperty(Many.prototype, name, { value: () => `ran ${name}`, writable: true, configurable: true });
  Tool({ description: `Tool number ${name.slice(5)}` })(
    Many.prototype,
    name,
    Object.getOwnPropertyDescriptor(Many.prototype, name)!,
  );
}

async function listAll(client: Client): Promise<{ pages: string[][]; cursors: string[] }> {
  const pages: string[][] = [];
  const cursors: string[] = [];
  let cursor: string | undefined;
  do {
    // listTools() without a cursor walks every page itself; the raw request shows the first page as sent.
    const page =
      cursor === undefined
        ? await client.request({ method: 'tools/list', params: {} })
        : await client.listTools({ cursor });
    pages.push(page.tools.map((t) => t.name));
    cursor = page.nextCursor;
    if (cursor !== undefined) cursors.push(cursor);
  } while (cursor !== undefined);
  return { pages, cursors };
}

describe('tools/list paging over 1000 tools', () => {
  const app = createApp({ name: 'many', version: '1.0.0', providers: [Many], logger: silentLogger });

  test('default page size is 100: ten pages, every tool once, in declaration order', async () => {
    const client = await connectInMemory(app);
    const { pages } = await listAll(client);
    expect(pages.map((p) => p.length)).toEqual(Array(10).fill(100));
    expect(pages.flat()).toEqual(names);
  });

  test("the SDK client's aggregating listTools() follows the cursors to the full list", async () => {
    const client = await connectInMemory(app);
    const { tools, nextCursor } = await client.listTools();
    expect(nextCursor).toBeUndefined();
    expect(tools.map((t) => t.name)).toEqual(names);
    expect(tools[42]).toEqual({
      name: 'tool_0042',
      description: 'Tool number 0042',
      inputSchema: { type: 'object', properties: {} },
    });
  });

  test('the order is stable: listing again (or from another connection) gives the same pages and cursors', async () => {
    const first = await listAll(await connectInMemory(app));
    const second = await listAll(await connectInMemory(app));
    expect(second).toEqual(first);
    // a cursor from one connection continues on another
    const other = await connectInMemory(app);
    const page5 = await other.listTools({ cursor: first.cursors[4] });
    expect(page5.tools.map((t) => t.name)).toEqual(first.pages[5]);
  });

  test('a cursor from one instance continues on another instance of the same build (workers behind a balancer)', async () => {
    const workerA = createApp({ name: 'many', version: '1.0.0', providers: [Many], logger: silentLogger });
    const workerB = createApp({ name: 'many', version: '1.0.0', providers: [Many], logger: silentLogger });
    const first = await (await connectInMemory(workerA)).request({ method: 'tools/list', params: {} });
    const second = await (await connectInMemory(workerB)).listTools({ cursor: first.nextCursor });
    expect(second.tools.map((t) => t.name)).toEqual(names.slice(100, 200));
  });

  test('a custom pageSize', async () => {
    const client = await connectInMemory(
      createApp({ name: 'many', version: '1.0.0', providers: [Many], pageSize: 333, logger: silentLogger }),
    );
    const { pages } = await listAll(client);
    expect(pages.map((p) => p.length)).toEqual([333, 333, 333, 1]);
    expect(pages.flat()).toEqual(names);
  });

  test('an invalid cursor is -32602', async () => {
    const client = await connectInMemory(app);
    for (const cursor of [
      'garbage',
      Buffer.from('o:99999').toString('base64url'),
      Buffer.from('o:0').toString('base64url'),
      '',
    ]) {
      await expect(client.listTools({ cursor })).rejects.toMatchObject({
        code: -32602,
        message: expect.stringContaining('Invalid cursor'),
      });
    }
  });

  test('any of the 1000 tools can be called', async () => {
    const client = await connectInMemory(app);
    expect(textOf(await client.callTool({ name: 'tool_0999', arguments: {} }))).toBe('ran tool_0999');
    expect(textOf(await client.callTool({ name: 'tool_0000', arguments: {} }))).toBe('ran tool_0000');
  });

  test('pageSize must be a positive integer', () => {
    expect(() => createApp({ name: 'many', version: '1.0.0', providers: [Many], pageSize: 0 })).toThrow(
      /pageSize must be a positive integer/,
    );
  });
});
