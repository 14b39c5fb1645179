import 'reflect-metadata';
import type { CallToolResult } from '@modelcontextprotocol/server';
import { IsIn, IsOptional, IsString, MinLength } from '@tessera/core/validators';
import {
  Args,
  createApp,
  Elicit,
  Field,
  Provider,
  Tool,
  Elicitation,
  type Logger,
  type TesseraApp,
} from '@tessera/core';
import { REGIONS, type Region } from './provision-round';

export class ProvisionArgs {
  @Field({ description: 'Machine name' })
  @IsString()
  @MinLength(1)
  name!: string;

  @Field({ description: 'Machine size (default small)' })
  @IsOptional()
  @IsIn(['small', 'large'])
  size?: 'small' | 'large';
}

export class RegionChoice {
  @Field({ title: 'Region' })
  @IsIn([...REGIONS])
  region!: Region;
}

/**
 * The decorated equivalent. Arguments arrive validated; the region is a dependency parameter (asked on
 * the first round, answered on the retry, re-asked when the answer is not an offered region), and the
 * `requestState` that carries the flow is sealed by default.
 */
@Provider()
export class ProvisionerTools {
  @Tool({ title: 'Provision a machine', description: 'Provisions a machine; asks which region it should run in.' })
  provision(
    @Args() args: ProvisionArgs,
    @Elicit<ProvisionArgs>({
      key: 'region',
      message: ({ args }) => `Which region should ${args.name} run in?`,
      schema: RegionChoice,
    })
    choice: Elicitation<RegionChoice>,
  ): CallToolResult {
    if (choice.action !== 'accept') {
      return {
        isError: true,
        content: [{ type: 'text', text: `Provisioning of ${args.name} cancelled: no region was chosen.` }],
      };
    }
    const size = args.size ?? 'small';
    const region = choice.content.region;
    return {
      content: [{ type: 'text', text: `Provisioned ${args.name} (${size}) in ${region}.` }],
      structuredContent: { name: args.name, size, region },
    };
  }
}

export function createDecoratedProvisioner(options: { logger?: Logger } = {}): TesseraApp {
  return createApp({ name: 'provisioner', version: '1.0.0', providers: [ProvisionerTools], logger: options.logger });
}
