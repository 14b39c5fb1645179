import { createApp, Field, InvalidSignatureError, Provider, silentLogger, Tool } from '@tessera/core';
import type { ToolOutputSchema } from '@tessera/core';
import { connectInMemory } from '@tessera/testing';

// An output schema known only at run time (a mounted remote's, an OpenAPI response's), written out as JSON Schema.
const TOTAL: ToolOutputSchema = {
  type: 'object',
  properties: { total: { type: 'integer' }, currency: { type: 'string', enum: ['EUR', 'USD'] } },
  required: ['total'],
  additionalProperties: false,
};

@Provider()
class Sums {
  @Tool({ outputSchema: TOTAL })
  asValue(): unknown {
    return { total: 3, currency: 'EUR' };
  }

  @Tool({ outputSchema: TOTAL })
  asResult(): unknown {
    return { content: [{ type: 'text', text: 'three' }], structuredContent: { total: 3 } };
  }

  @Tool({ outputSchema: TOTAL })
  wrong(): unknown {
    return { total: 'three' };
  }

  @Tool({ outputSchema: TOTAL })
  failing(): unknown {
    return { content: [{ type: 'text', text: 'no total' }], isError: true };
  }
}

describe('@Tool({ outputSchema }): a hand-written output schema', () => {
  const app = () => createApp({ name: 's', version: '1', providers: [Sums], logger: silentLogger });

  test('is advertised as written; a matching value or result carries structuredContent', async () => {
    const client = await connectInMemory(app());
    const { tools } = await client.listTools();
    expect(tools.find((t) => t.name === 'asValue')?.outputSchema).toEqual(TOTAL);
    const value = await client.callTool({ name: 'asValue', arguments: {} });
    expect(value.structuredContent).toEqual({ total: 3, currency: 'EUR' });
    expect(value.content).toEqual([{ type: 'text', text: '{"total":3,"currency":"EUR"}' }]);
    const result = await client.callTool({ name: 'asResult', arguments: {} });
    expect(result).toMatchObject({ content: [{ type: 'text', text: 'three' }], structuredContent: { total: 3 } });
    await client.close();
  });

  test('a result that does not match is a tool error naming the tool; an error result passes as it is', async () => {
    const client = await connectInMemory(app());
    const wrong = await client.callTool({ name: 'wrong', arguments: {} });
    expect(wrong.isError).toBe(true);
    expect((wrong.content as Array<{ text: string }>)[0].text).toContain(
      'Tool "wrong" produced output that does not match its output schema',
    );
    const failing = await client.callTool({ name: 'failing', arguments: {} });
    expect(failing).toMatchObject({ isError: true, content: [{ type: 'text', text: 'no total' }] });
    await client.close();
  });

  test('refused at createApp: a root that is not an object, or both a schema and an output DTO', () => {
    @Provider()
    class NotObject {
      @Tool({ outputSchema: { type: 'array' } as never })
      list(): unknown {
        return [];
      }
    }
    expect(() => createApp({ name: 's', version: '1', providers: [NotObject], logger: silentLogger })).toThrow(
      'the outputSchema of tool "list" must be a JSON Schema object whose root has type "object"',
    );
    class Out {
      @Field()
      total!: number;
    }
    @Provider()
    class Both {
      @Tool({ outputSchema: TOTAL, output: () => Out })
      sum(): unknown {
        return { total: 1 };
      }
    }
    expect(() => createApp({ name: 's', version: '1', providers: [Both], logger: silentLogger })).toThrow(
      InvalidSignatureError,
    );
  });
});
