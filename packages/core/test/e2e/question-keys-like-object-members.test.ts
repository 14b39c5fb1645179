import { IsIn } from 'class-validator';
import { createApp, Elicit, Field, Provider, silentLogger, Tool } from '@tessera/core';
import { sendRaw } from '@tessera/testing';

// A question's key is the developer's own word: one that Object.prototype also has (toString, constructor,
// hasOwnProperty) must be asked, answered and recorded like any other; "__proto__", which the SDK's parsers drop
// from inputResponses, is refused when the app is built.

class Region {
  @Field() @IsIn(['eu', 'us']) region!: string;
}

const KEYS = ['toString', 'constructor', 'hasOwnProperty', 'valueOf'] as const;

@Provider()
class Placement {
  @Tool()
  toStringKey(@Elicit({ key: 'toString', message: 'Region?', schema: Region }) a: Region): string {
    return a.region;
  }
  @Tool()
  constructorKey(@Elicit({ key: 'constructor', message: 'Region?', schema: Region }) a: Region): string {
    return a.region;
  }
  @Tool()
  hasOwnPropertyKey(@Elicit({ key: 'hasOwnProperty', message: 'Region?', schema: Region }) a: Region): string {
    return a.region;
  }
  @Tool()
  valueOfKey(
    @Elicit({ key: 'valueOf', message: 'Region?', schema: Region }) a: Region,
    @Elicit({ key: 'constructor', after: ['valueOf'], message: 'Again?', schema: Region }) b: Region,
  ): string {
    return `${a.region} ${b.region}`;
  }
}

const app = () => createApp({ name: 'keys', version: '1', providers: [Placement], logger: silentLogger });
const caps = { elicitation: {} };
const accept = (region: string) => ({ action: 'accept', content: { region } });
const answers = (key: string, value: unknown): Record<string, unknown> => {
  const o: Record<string, unknown> = {};
  Object.defineProperty(o, key, { value, enumerable: true, writable: true, configurable: true });
  return o;
};

describe('a question keyed like a member of Object.prototype', () => {
  test.each(KEYS.filter((k) => k !== 'valueOf'))('"%s" is asked, then answered through the state', async (key) => {
    const a = app();
    const name = `${key}Key`;
    const first = await sendRaw(a, 'tools/call', { name, arguments: {} }, { capabilities: caps });
    const result = first.body.result as { inputRequests?: Record<string, unknown>; requestState?: string };
    expect(Object.keys(result.inputRequests ?? {})).toEqual([key]);
    const second = await sendRaw(
      a,
      'tools/call',
      { name, arguments: {}, requestState: result.requestState, inputResponses: answers(key, accept('eu')) },
      { capabilities: caps, id: 2 },
    );
    expect(second.body.result).toMatchObject({ content: [{ type: 'text', text: 'eu' }] });
  });

  test.each(KEYS.filter((k) => k !== 'valueOf'))('"%s" answered before it was asked is taken', async (key) => {
    const a = app();
    const r = await sendRaw(
      a,
      'tools/call',
      { name: `${key}Key`, arguments: {}, inputResponses: answers(key, accept('us')) },
      { capabilities: caps },
    );
    expect(r.body.result).toMatchObject({ content: [{ type: 'text', text: 'us' }] });
  });

  test('two such questions in a row are each recorded in the state and answered once', async () => {
    const a = app();
    const first = await sendRaw(a, 'tools/call', { name: 'valueOfKey', arguments: {} }, { capabilities: caps });
    const r1 = first.body.result as { inputRequests?: Record<string, unknown>; requestState?: string };
    expect(Object.keys(r1.inputRequests ?? {})).toEqual(['valueOf']);
    const second = await sendRaw(
      a,
      'tools/call',
      {
        name: 'valueOfKey',
        arguments: {},
        requestState: r1.requestState,
        inputResponses: answers('valueOf', accept('eu')),
      },
      { capabilities: caps, id: 2 },
    );
    const r2 = second.body.result as { inputRequests?: Record<string, unknown>; requestState?: string };
    expect(Object.keys(r2.inputRequests ?? {})).toEqual(['constructor']);
    const third = await sendRaw(
      a,
      'tools/call',
      {
        name: 'valueOfKey',
        arguments: {},
        requestState: r2.requestState,
        inputResponses: answers('constructor', accept('us')),
      },
      { capabilities: caps, id: 3 },
    );
    expect(third.body.result).toMatchObject({ content: [{ type: 'text', text: 'eu us' }] });
  });
});

test('a question keyed "__proto__" is refused at createApp, naming the tool, the parameter and the reason', () => {
  @Provider()
  class Proto {
    @Tool()
    ask(@Elicit({ key: '__proto__', message: 'Region?', schema: Region }) a: Region): string {
      return a.region;
    }
  }
  expect(() => createApp({ name: 'proto', version: '1', providers: [Proto], logger: silentLogger })).toThrow(
    /ask.*parameter #0 \(@Elicit\) uses the key "__proto__", which the protocol's parsers drop from inputResponses/,
  );
});
