import 'reflect-metadata';
import { IsIn, IsString, MinLength } from '@tessera/core/validators';
import { Args, createApp, Elicit, Field, Provider, Tool } from '@tessera/core';
import { serveStdio } from '@tessera/core/node';

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
    @Elicit<ProvisionArgs>({
      key: 'region',
      message: ({ args }) => `Where should ${args.name} run?`,
      schema: RegionChoice,
    })
    where: RegionChoice,
  ): string {
    return `provisioned ${args.name} in ${where.region}`;
  }
}

const app = createApp({ name: 'machines', version: '1.0.0', providers: [Machines] });
serveStdio(app); // or: await listen(app, { port: 3000 })  (Streamable HTTP on 127.0.0.1)
