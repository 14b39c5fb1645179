import { IsIn, IsInt, IsString, Min } from 'class-validator';
import { createApp, Field, Provider, silentLogger, Tool, ToolError } from '@tessera/core';
import { connectInMemory } from '@tessera/testing';

class Machine {
  @Field({ description: 'Machine name' })
  @IsString()
  name!: string;

  @IsIn(['eu', 'us'])
  region!: string;

  @IsInt()
  @Min(1)
  cores!: number;
}

@Provider()
class Machines {
  @Tool({ output: () => Machine })
  good(): Machine {
    return Object.assign(new Machine(), { name: 'web1', region: 'eu', cores: 2 });
  }

  @Tool({ output: () => Machine })
  plain(): unknown {
    return { name: 'web2', region: 'us', cores: 4 };
  }

  @Tool({ output: () => Machine })
  wrong(): unknown {
    return { name: 'web3', region: 'mars', cores: 0 };
  }

  @Tool({ output: () => Machine })
  failing(): Machine {
    throw new ToolError('no capacity');
  }
}

const app = () => createApp({ name: 'm', version: '1', providers: [Machines], logger: silentLogger });

describe('output DTOs', () => {
  test('tools/list advertises the output schema', async () => {
    const client = await connectInMemory(app());
    const { tools } = await client.listTools();
    expect(tools.find((t) => t.name === 'good')?.outputSchema).toMatchObject({
      type: 'object',
      properties: {
        name: { type: 'string', description: 'Machine name' },
        region: { enum: ['eu', 'us'] },
        cores: { type: 'integer', minimum: 1 },
      },
      required: ['name', 'region', 'cores'],
    });
  });

  test.each(['good', 'plain'])('a valid result (%s) becomes structuredContent with its JSON as text', async (name) => {
    const client = await connectInMemory(app());
    await client.listTools(); // the SDK client then validates structuredContent against the advertised schema too
    const r = await client.callTool({ name, arguments: {} });
    expect(r.isError).toBeFalsy();
    expect(r.structuredContent).toMatchObject({ region: expect.stringMatching(/^(eu|us)$/) });
    expect(JSON.parse((r.content as Array<{ text: string }>)[0].text)).toEqual(r.structuredContent);
  });

  test('an output that breaks its schema is an isError result naming the fields, not sent as structuredContent', async () => {
    const client = await connectInMemory(app());
    const r = await client.callTool({ name: 'wrong', arguments: {} });
    expect(r.isError).toBe(true);
    expect(r.structuredContent).toBeUndefined();
    const text = (r.content as Array<{ text: string }>)[0].text;
    expect(text).toMatch(/^Tool "wrong" produced output that does not match its output schema: /);
    expect(text).toContain('region:');
    expect(text).toContain('cores:');
  });

  test('a ToolError in a tool with an output schema is a plain isError result', async () => {
    const client = await connectInMemory(app());
    const r = await client.callTool({ name: 'failing', arguments: {} });
    expect(r).toMatchObject({ isError: true, content: [{ type: 'text', text: 'no capacity' }] });
  });
});
