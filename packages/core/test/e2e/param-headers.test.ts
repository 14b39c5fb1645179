import { Type } from 'class-transformer';
import { IsArray, IsBoolean, IsInt, IsOptional, IsString, ValidateNested } from 'class-validator';
import {
  Args,
  createApp,
  Field,
  InvalidConfigurationError,
  Provider,
  silentLogger,
  Tool,
  type TesseraApp,
  type ToolInputSchema,
} from '@tessera/core';
import { listen, type HttpListener } from '@tessera/core/node';
import { bothPaths, headers, message } from './support/two-paths';
import { appInternals } from '../../src/app/tessera-app';

class QueryArgs {
  @Field({ header: 'Region', description: 'Where the query runs' })
  @IsString()
  region!: string;

  @Field({ header: 'Priority' })
  @IsInt()
  priority!: number;

  @Field({ header: 'Verbose', optional: true })
  @IsBoolean()
  verbose?: boolean;

  @IsString()
  query!: string;
}

@Provider()
class Queries {
  @Tool({ description: 'Runs a query where it is told to' })
  run(@Args() args: QueryArgs): string {
    return `${args.region}/${args.priority}/${String(args.verbose)}: ${args.query}`;
  }

  @Tool({ inputSchema: { type: 'object', properties: { zone: { type: 'string', 'x-mcp-header': 'Zone' } } } })
  raw(@Args() args: Record<string, unknown>): string {
    return `zone ${String(args.zone)}`;
  }
}

const call = (args: Record<string, unknown>, extra: Record<string, string>, name = 'run') => ({
  headers: headers('tools/call', name, extra),
  body: message('tools/call', { name, arguments: args }),
});
const ARGS = { region: 'us-east1', priority: 2, query: 'SELECT 1' };
const HEADERS = { 'mcp-param-region': 'us-east1', 'mcp-param-priority': '2' };

let app: TesseraApp;
let fast: HttpListener;
let sdk: HttpListener;
beforeAll(async () => {
  app = createApp({ name: 'q', version: '1', providers: [Queries], logger: silentLogger });
  fast = await listen(app, { port: 0 });
  sdk = await listen(app, { port: 0, fastPath: false });
});
afterAll(() => app.close());

const textOf = (body: unknown) => (body as { result: { content: Array<{ text: string }> } }).result.content[0].text;
const errorOf = (body: unknown) => (body as { error: { code: number; message: string; data: unknown } }).error;

describe('@Field({ header }): an argument mirrored into an Mcp-Param header (SEP-2243)', () => {
  test('is advertised as x-mcp-header on its property', async () => {
    const answer = await bothPaths(fast.url, sdk.url, {
      headers: headers('tools/list'),
      body: message('tools/list'),
    });
    const tools = (answer.body as { result: { tools: Array<{ name: string; inputSchema: ToolInputSchema }> } }).result
      .tools;
    const props = tools.find((t) => t.name === 'run')!.inputSchema.properties as Record<
      string,
      Record<string, unknown>
    >;
    expect(props.region).toMatchObject({
      type: 'string',
      'x-mcp-header': 'Region',
      description: 'Where the query runs',
    });
    expect(props.priority['x-mcp-header']).toBe('Priority');
    expect(props.verbose['x-mcp-header']).toBe('Verbose');
    expect(props.query['x-mcp-header']).toBeUndefined();
  });

  test.each([
    ['plain values', HEADERS],
    ['a Base64 form', { ...HEADERS, 'mcp-param-region': `=?base64?${Buffer.from('us-east1').toString('base64')}?=` }],
    ['an integer written 2.0', { ...HEADERS, 'mcp-param-priority': '2.0' }],
  ])('headers that agree with the body (%s) are served, the same on both paths', async (_what, extra) => {
    const answer = await bothPaths(fast.url, sdk.url, call(ARGS, extra));
    expect(answer.status).toBe(200);
    expect(textOf(answer.body)).toBe('us-east1/2/undefined: SELECT 1');
  });

  test('a value without the whole =?base64?...?= wrapper is taken literally', async () => {
    const literal = `=?base64?${Buffer.from('x').toString('base64')}`;
    const answer = await bothPaths(
      fast.url,
      sdk.url,
      call({ ...ARGS, region: literal }, { ...HEADERS, 'mcp-param-region': literal }),
    );
    expect(textOf(answer.body)).toContain(literal);
  });

  test('an argument left out or null needs no header, and a stray header is ignored', async () => {
    const answer = await bothPaths(fast.url, sdk.url, call(ARGS, { ...HEADERS, 'mcp-param-verbose': 'true' }));
    expect(textOf(answer.body)).toBe('us-east1/2/undefined: SELECT 1');
  });

  test.each([
    [
      'a header left out',
      { 'mcp-param-priority': '2' },
      'Mcp-Param-Region',
      'region="us-east1" but the Mcp-Param-Region header is absent',
    ],
    [
      'a header that disagrees',
      { ...HEADERS, 'mcp-param-region': 'eu-west1' },
      'Mcp-Param-Region',
      'decodes to "eu-west1" but the body carries region="us-east1"',
    ],
    [
      'an integer that disagrees',
      { ...HEADERS, 'mcp-param-priority': '3' },
      'Mcp-Param-Priority',
      'decodes to "3" but the body carries priority=2',
    ],
    [
      'Base64 with bad padding',
      { ...HEADERS, 'mcp-param-region': '=?base64?dXMtZWFzdDE?=' },
      'Mcp-Param-Region',
      'is not valid Base64',
    ],
    [
      'Base64 with characters outside its alphabet',
      { ...HEADERS, 'mcp-param-region': '=?base64?dXMt!!!ZWFzdDE=?=' },
      'Mcp-Param-Region',
      'is not valid Base64',
    ],
    [
      'Base64 of bytes that are not UTF-8',
      { ...HEADERS, 'mcp-param-region': '=?base64?/w==?=' },
      'Mcp-Param-Region',
      'is not valid Base64 of UTF-8',
    ],
  ])(
    '%s: refused with 400 and -32020 naming the header, the same on both paths',
    async (_what, extra, header, reason) => {
      const answer = await bothPaths(fast.url, sdk.url, call(ARGS, extra));
      expect(answer.status).toBe(400);
      const error = errorOf(answer.body);
      expect(error.code).toBe(-32020);
      expect(error.message).toContain('the request headers and body disagree');
      expect(error.message).toContain(reason);
      expect(error.data).toEqual({ mismatch: { header, body: expect.stringContaining(reason) } });
      expect((answer.body as { id: unknown }).id).toBe(1);
    },
  );

  test('a hand-written schema declares its own headers, checked the same way', async () => {
    const good = await bothPaths(fast.url, sdk.url, call({ zone: 'b' }, { 'mcp-param-zone': 'b' }, 'raw'));
    expect(textOf(good.body)).toBe('zone b');
    const bad = await bothPaths(fast.url, sdk.url, call({ zone: 'b' }, { 'mcp-param-zone': 'c' }, 'raw'));
    expect(errorOf(bad.body).code).toBe(-32020);
  });

  test('a 2025-era request (no _meta envelope) is not checked: that era has no such headers', async () => {
    const legacy = await app.fetch(
      new Request('http://localhost/mcp', {
        method: 'POST',
        headers: { accept: 'application/json, text/event-stream', 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'run', arguments: ARGS } }),
      }),
    );
    const text = await legacy.text();
    expect(text).toContain('us-east1/2/undefined: SELECT 1');
    expect(text).not.toContain('-32020');
  });
});

describe('header declarations refused at createApp', () => {
  const build = (provider: new () => unknown) =>
    createApp({ name: 'q', version: '1', providers: [provider], logger: silentLogger });

  test.each([
    [
      'a name that is no HTTP token',
      'Reg ion',
      /"region" into an HTTP header: the header name "Reg ion" is not an HTTP token/,
    ],
    ['a name with a control character', 'Reg\nion', /is not an HTTP token/],
    ['an empty name', '', /the header name "" is not an HTTP token/],
  ])('%s', (_what, name, message) => {
    class A {
      @Field({ header: name })
      @IsString()
      region!: string;
    }
    @Provider()
    class P {
      @Tool()
      t(@Args() _a: A): string {
        return '';
      }
    }
    expect(() => build(P)).toThrow(InvalidConfigurationError);
    expect(() => build(P)).toThrow(message);
  });

  test('two names equal regardless of case', () => {
    class A {
      @Field({ header: 'Region' })
      @IsString()
      a!: string;
      @Field({ header: 'REGION' })
      @IsString()
      b!: string;
    }
    @Provider()
    class P {
      @Tool()
      t(@Args() _a: A): string {
        return '';
      }
    }
    expect(() => build(P)).toThrow(/"b" into an HTTP header: the header name "REGION" is already used by "a"/);
  });

  test('a field that is not a string, integer or boolean (here a nullable one)', () => {
    class A {
      @Field({ header: 'Region', optional: true, nullable: true })
      @IsOptional()
      @IsString()
      region?: string | null;
    }
    @Provider()
    class P {
      @Tool()
      t(@Args() _a: A): string {
        return '';
      }
    }
    expect(() => build(P)).toThrow(/only a string, integer or boolean property can be a header/);
  });

  test('a header field of a DTO nested in one without any: advertised under its parent, refused under an array', () => {
    class Zone {
      @Field({ header: 'Zone' })
      @IsString()
      zone!: string;
    }
    class Placed {
      @IsString()
      name!: string;
      @ValidateNested()
      @Type(() => Zone)
      target!: Zone;
    }
    class Spread {
      @IsArray()
      @ValidateNested({ each: true })
      @Field({ type: () => [Zone] })
      @Type(() => Zone)
      targets!: Zone[];
    }
    @Provider()
    class Nested {
      @Tool()
      place(@Args() _a: Placed): string {
        return '';
      }
    }
    @Provider()
    class InArray {
      @Tool()
      spread(@Args() _a: Spread): string {
        return '';
      }
    }
    expect(appInternals(build(Nested)).runtime.compiled.paramHeaders.get('place')).toEqual([
      { path: ['target', 'zone'], name: 'Zone', type: 'string' },
    ]);
    expect(() => build(InArray)).toThrow(
      /"targets\.<items>\.zone" into an HTTP header: x-mcp-header is only allowed on a property reached through "properties" alone/,
    );
  });

  test('a declaration a client cannot reach through properties alone', () => {
    @Provider()
    class P {
      @Tool({
        inputSchema: {
          type: 'object',
          properties: { a: { type: 'string' } },
          anyOf: [{ properties: { a: { type: 'string', 'x-mcp-header': 'A' } } }],
        },
      })
      t(): string {
        return '';
      }
    }
    expect(() => build(P)).toThrow(
      /"<anyOf>\.a" into an HTTP header: x-mcp-header is only allowed on a property reached through "properties" alone/,
    );
  });
});
