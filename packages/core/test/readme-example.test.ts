// The README's "complete small example", kept compiling and working: if this changes, change the README.
import 'reflect-metadata';
import { IsIn, IsString, MinLength } from 'class-validator';
import { TesseraClient } from '@tessera/client';
import { Args, createApp, Elicit, Field, Provider, silentLogger, Tool } from '@tessera/core';

class ProvisionArgs {
  @Field({ description: 'Machine name' })
  @IsString()
  @MinLength(3)
  name!: string;
}

class RegionChoice {
  @Field({ title: 'Region' })
  @IsIn(['eu', 'us'])
  region!: string;
}

@Provider()
class Machines {
  @Tool({ description: 'Provision a machine' })
  provision(
    @Args() args: ProvisionArgs,
    @Elicit({ key: 'region', message: ({ args }) => `Where should ${args.name} run?`, schema: RegionChoice }) where: RegionChoice,
  ): string {
    return `provisioned ${args.name} in ${where.region}`;
  }
}

test('the README example: the region is asked, not an argument, and the call completes', async () => {
  const app = createApp({ name: 'machines', version: '1.0.0', providers: [Machines], logger: silentLogger });
  const asked: string[] = [];
  const client = new TesseraClient({
    elicitation: async ({ message }) => {
      asked.push(message);
      return { action: 'accept', content: { region: 'eu' } };
    },
  });
  await client.connect({ fetch: app.fetch });
  const { tools } = await client.listTools();
  expect(Object.keys((tools[0].inputSchema as { properties: object }).properties)).toEqual(['name']);
  const result = await client.callTool({ name: 'provision', arguments: { name: 'web1' } });
  expect(result.content).toEqual([{ type: 'text', text: 'provisioned web1 in eu' }]);
  expect(asked).toEqual(['Where should web1 run?']);
});
