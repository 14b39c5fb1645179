// The getting-started example's classes, shared by the snippets that build on it.
import { IsIn, IsString, MinLength } from '@tessera/core/validators';
import { Args, Elicit, Field, Provider, Tool } from '@tessera/core';

// #region dtos
export class ProvisionArgs {
  @Field({ description: 'Machine name' })
  @IsString()
  @MinLength(3)
  name!: string;
}

export class RegionChoice {
  @Field({ title: 'Region' })
  @IsIn(['eu', 'us'])
  region!: string;
}
// #endregion dtos

export class SizeChoice {
  @Field({ title: 'Size' })
  @IsIn(['small', 'large'])
  size!: string;
}

@Provider()
export class Machines {
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

export const machinesModule = { name: 'machines', version: '1.0.0', providers: [Machines] };
