import { Args, Elicit, Provider, Tool } from '@tessera/core';
import { ProvisionArgs, RegionChoice, SizeChoice } from '../shared/machines';

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
    region: RegionChoice,
    // #region example
    @Elicit<ProvisionArgs, { region: RegionChoice }>({
      key: 'size',
      after: ['region'],
      schema: SizeChoice,
      message: ({ args, answers }) => `Size of ${args.name} in ${answers.region?.region}?`,
    })
    size: SizeChoice,
    // #endregion example
  ): string {
    return `${args.name}: ${size.size} in ${region.region}`;
  }
}
