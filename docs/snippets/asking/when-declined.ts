import { Elicit, type Elicitation, Field, Provider, Tool } from '@tessera/core';
import { IsIn } from '@tessera/core/validators';

class Region {
  @Field({ title: 'Region' })
  @IsIn(['eu', 'us'])
  region!: string;
}

class Site {
  @Field({ title: 'Site' })
  @IsIn(['paris', 'dallas'])
  site!: string;
}

@Provider()
export class Placement {
  @Tool({ description: 'Place a workload' })
  place(
    // #region example
    @Elicit({ key: 'region', message: 'Region?', schema: Region }) region: Elicitation<Region>,
    @Elicit({
      key: 'fallback',
      after: ['region'],
      when: ({ outcomes }) => outcomes.region?.action !== 'accept',
      message: 'No region then. Pick a fallback site?',
      schema: Site,
      inject: 'outcome',
    })
    fallback: Elicitation<Site> | undefined, // `| undefined` reflects as Object: the mode is written out
    // #endregion example
  ): string {
    if (region.action === 'accept') return `placed in ${region.content.region}`;
    return fallback?.action === 'accept' ? `placed at ${fallback.content.site}` : 'not placed';
  }
}
