import { IsIn, IsString, MinLength } from '@tessera/core/validators';
import { Args, Elicit, Field, Provider, Tool } from '@tessera/core';

export class DeployArgs {
  @Field({ description: 'The service to deploy' })
  @IsString()
  @MinLength(1)
  service!: string;
}

export class RegionChoice {
  @Field({ title: 'Region' })
  @IsIn(['eu-west-1', 'us-east-1', 'ap-south-1'])
  region!: string;
}

/** The decorated deployer: the region question is a parameter; its answer rides in the KMS-sealed state. */
@Provider()
export class DeployerTools {
  @Tool({ description: 'Deploy a service to a region' })
  deploy(
    @Args() args: DeployArgs,
    @Elicit<DeployArgs>({
      key: 'region',
      message: ({ args }) => `Which region should ${args.service} go to?`,
      schema: RegionChoice,
    })
    where: RegionChoice,
  ): string {
    return `Deployed ${args.service} to ${where.region}`;
  }
}
