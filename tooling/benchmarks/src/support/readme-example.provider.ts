// The README's "A complete small example", verbatim from `class ProvisionArgs` to the end of `Machines`: the
// benchmarks' Tessera flow serves it, and packages/core/test/readme-example.test.ts checks that the README shows
// exactly this code and that the flow works. Change the README with it.
import { IsIn, IsString, MinLength } from '@tessera/core/validators';
import { Args, Elicit, Field, Provider, Tool } from '@tessera/core';

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

export { Machines };
