import { request } from 'node:http';
import { IsIn, IsString } from 'class-validator';
import { Args, createApp, Prompt, Provider, ResourceTemplate, silentLogger } from '@tessera/core';
import { connectInMemory } from '@tessera/testing';
import { listen } from '@tessera/core/node';
import { listenedApp } from './support/listened-app';

class TopicArgs {
  @IsString()
  topic!: string;
}

class ThingVars {
  @IsString()
  id!: string;
}

@Provider()
class Things {
  @Prompt()
  brief(@Args() args: TopicArgs): string {
    return `Brief on ${args.topic}`;
  }

  @ResourceTemplate('things://{id}')
  thing(@Args() vars: ThingVars): string {
    return `thing ${vars.id}`;
  }
}

const discover = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'server/discover',
  params: {
    _meta: {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientCapabilities': {},
    },
  },
});

/** A raw POST, so the Host and Origin headers are exactly what a rebinding page would send. */
function post(url: URL, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2026-07-28',
          'mcp-method': 'server/discover',
          ...headers,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(discover);
  });
}

describe('listen() on loopback refuses rebinding hosts (DNS rebinding protection)', () => {
  const loopback = listenedApp('things', [Things]);

  test('a foreign Host or Origin gets a 4xx', async () => {
    expect(await post(loopback.listener.url, { host: 'evil.example.com' })).toBeGreaterThanOrEqual(400);
    expect(await post(loopback.listener.url, { origin: 'http://evil.example.com' })).toBeGreaterThanOrEqual(400);
  });

  test('localhost names are served', async () => {
    expect(
      await post(loopback.listener.url, {
        host: `localhost:${loopback.listener.url.port}`,
        origin: `http://localhost:${loopback.listener.url.port}`,
      }),
    ).toBe(200);
    expect(await post(loopback.listener.url, {})).toBe(200);
  });

  test('allowedHosts replaces the default list', async () => {
    const other = await listen(loopback.app, { port: 0, allowedHosts: ['mcp.internal'] });
    try {
      expect(await post(other.url, { host: 'mcp.internal' })).toBe(200);
      expect(await post(other.url, {})).toBeGreaterThanOrEqual(400);
    } finally {
      await other.close();
    }
  });
});

class BriefArgs {
  @IsIn(['engineers', 'executives', 'everyone'])
  audience!: string;

  @IsString()
  topic!: string;
}

@Provider()
class Briefs {
  @Prompt()
  brief_for(@Args() args: BriefArgs): string {
    return `${args.topic} for ${args.audience}`;
  }
}

describe('completion/complete', () => {
  test('an argument with a closed set of values completes from it, by prefix, case-insensitively', async () => {
    const client = await connectInMemory(
      createApp({ name: 'briefs', version: '1.0.0', providers: [Briefs], logger: silentLogger }),
    );
    const e = await client.complete({
      ref: { type: 'ref/prompt', name: 'brief_for' },
      argument: { name: 'audience', value: 'E' },
    });
    expect(e.completion).toEqual({ values: ['engineers', 'executives', 'everyone'], total: 3, hasMore: false });
    const ex = await client.complete({
      ref: { type: 'ref/prompt', name: 'brief_for' },
      argument: { name: 'audience', value: 'exe' },
    });
    expect(ex.completion.values).toEqual(['executives']);
    const free = await client.complete({
      ref: { type: 'ref/prompt', name: 'brief_for' },
      argument: { name: 'topic', value: 'q' },
    });
    expect(free.completion.values).toEqual([]);
  });

  test('known prompts and templates complete to an empty list; unknown refs are -32602', async () => {
    const client = await connectInMemory(
      createApp({ name: 'things', version: '1.0.0', providers: [Things], logger: silentLogger }),
    );
    expect(client.getServerCapabilities()?.completions).toEqual({});
    const prompt = await client.complete({
      ref: { type: 'ref/prompt', name: 'brief' },
      argument: { name: 'topic', value: 'a' },
    });
    expect(prompt.completion.values).toEqual([]);
    const template = await client.complete({
      ref: { type: 'ref/resource', uri: 'things://{id}' },
      argument: { name: 'id', value: '1' },
    });
    expect(template.completion.values).toEqual([]);
    await expect(
      client.complete({ ref: { type: 'ref/prompt', name: 'nope' }, argument: { name: 'x', value: '' } }),
    ).rejects.toMatchObject({ code: -32602 });
  });
});
