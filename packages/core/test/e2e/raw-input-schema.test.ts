import { Args, createApp, InvalidConfigurationError, Provider, silentLogger, Tool } from '@tessera/core';
import type { ToolInputSchema } from '@tessera/core';
import { connectInMemory } from '@tessera/testing';
import { IsString } from 'class-validator';

// Keywords a DTO cannot say: $defs with $anchor and $ref, composition, conditionals, 2020-12 only keywords.
const CONTACT: ToolInputSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  $defs: {
    address: { $anchor: 'addressDef', type: 'object', properties: { street: { type: 'string' } } },
  },
  properties: {
    name: { type: 'string' },
    address: { $ref: '#/$defs/address' },
    contactMethod: { type: 'string', enum: ['phone', 'email'] },
    phone: { type: 'string' },
    email: { type: 'string' },
    tags: { type: 'array', prefixItems: [{ type: 'string' }], items: false },
  },
  allOf: [{ anyOf: [{ required: ['phone'] }, { required: ['email'] }] }],
  if: { properties: { contactMethod: { const: 'phone' } }, required: ['contactMethod'] },
  then: { required: ['phone'] },
  else: { required: ['email'] },
  dependentRequired: { phone: ['name'] },
  unevaluatedProperties: false,
};

const declared = structuredClone(CONTACT);

@Provider()
class Contacts {
  @Tool({ description: 'Adds a contact', inputSchema: declared })
  add(@Args() args: Record<string, unknown>): string {
    return `added ${JSON.stringify(args)}`;
  }

  @Tool({ inputSchema: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] } })
  ignoresItsArguments(): string {
    return 'ran';
  }
}

const app = () => createApp({ name: 'c', version: '1', providers: [Contacts], logger: silentLogger });

describe('@Tool({ inputSchema }): a hand-written JSON Schema 2020-12', () => {
  test('is advertised exactly as declared, and later changes to the declared object do not reach the wire', async () => {
    const built = app();
    (declared.properties as Record<string, unknown>).injected = { type: 'string' };
    const client = await connectInMemory(built);
    const { tools } = await client.listTools();
    expect(tools.find((t) => t.name === 'add')?.inputSchema).toEqual(CONTACT);
    delete (declared.properties as Record<string, unknown>).injected;
  });

  test('arguments that match reach the method as the plain object', async () => {
    const client = await connectInMemory(app());
    const r = await client.callTool({
      name: 'add',
      arguments: { name: 'Ada', contactMethod: 'phone', phone: '1', address: { street: 'Main' } },
    });
    expect(r.isError).toBeFalsy();
    expect((r.content as Array<{ text: string }>)[0].text).toBe(
      'added {"name":"Ada","contactMethod":"phone","phone":"1","address":{"street":"Main"}}',
    );
  });

  test.each([
    ['a $ref target broken', { email: 'a', address: { street: 3 } }, 'street must be string'],
    ['the conditional branch unmet', { contactMethod: 'phone', email: 'a' }, "must have required property 'phone'"],
    ['an unevaluated property', { email: 'a', nickname: 'x' }, 'must NOT have unevaluated properties'],
    ['dependentRequired unmet', { phone: '1' }, 'must have property name when property phone is present'],
    ['prefixItems overrun', { email: 'a', tags: ['a', 'b'] }, 'tags must NOT have more than 1 items'],
  ])('arguments with %s are refused naming the tool and the keyword', async (_what, args, reason) => {
    const client = await connectInMemory(app());
    const r = await client.callTool({ name: 'add', arguments: args });
    expect(r.isError).toBe(true);
    const text = (r.content as Array<{ text: string }>)[0].text;
    expect(text).toContain('Invalid arguments for tool "add"');
    expect(text).toContain(reason);
  });

  test('the schema is checked even when the method does not read its arguments', async () => {
    const client = await connectInMemory(app());
    const bad = await client.callTool({ name: 'ignoresItsArguments', arguments: { n: 'one' } });
    expect(bad.isError).toBe(true);
    expect((bad.content as Array<{ text: string }>)[0].text).toContain('n must be integer');
    const good = await client.callTool({ name: 'ignoresItsArguments', arguments: { n: 1 } });
    expect((good.content as Array<{ text: string }>)[0].text).toBe('ran');
  });
});

describe('@Tool({ inputSchema }) refused at createApp', () => {
  const build = (provider: new () => unknown) =>
    createApp({ name: 'c', version: '1', providers: [provider], logger: silentLogger });

  test('a root that is not an object schema', () => {
    @Provider()
    class P {
      @Tool({ inputSchema: { type: 'array' } as unknown as ToolInputSchema })
      t(): string {
        return '';
      }
    }
    expect(() => build(P)).toThrow(InvalidConfigurationError);
    expect(() => build(P)).toThrow(
      /P\.t: the inputSchema of tool "t" must be .*root has type "object".*got type "array"/,
    );
  });

  test('a schema the validator cannot compile, with its reason', () => {
    @Provider()
    class P {
      @Tool({ inputSchema: { type: 'object', properties: { a: { type: 'text' } } } })
      t(): string {
        return '';
      }
    }
    expect(() => build(P)).toThrow(
      /P\.t: the inputSchema of tool "t" is not a valid JSON Schema: .*type must be JSONType/,
    );
  });

  test('a schema and an arguments DTO together', () => {
    class Dto {
      @IsString()
      a!: string;
    }
    @Provider()
    class P {
      @Tool({ inputSchema: { type: 'object' } })
      t(@Args() _dto: Dto): string {
        return '';
      }
    }
    expect(() => build(P)).toThrow(/declares both an inputSchema and the arguments DTO Dto/);
  });
});
