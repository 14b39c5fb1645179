import { IsIn, IsString } from 'class-validator';
import { Args, Complete, type CompletionContext, Field, Prompt, Provider } from '@tessera/core';

// #region complete
class PlanArgs {
  @Field() @IsString() country!: string;
  @Field() @IsString() city!: string;
  @Field() @IsIn(['small', 'large']) size!: string; // a closed set: completes from it, no method needed
}

const CITIES: Record<string, string[]> = { fr: ['Paris', 'Lyon', 'Lille'], it: ['Rome', 'Lucca', 'Milan'] };

@Provider()
class Trips {
  @Prompt({ description: 'Plan a trip' })
  plan(@Args() args: PlanArgs): string {
    return `A ${args.size} trip to ${args.city}, ${args.country}`;
  }

  /** The cities of the country the user already chose, that start with what they typed. */
  @Complete({ prompt: 'plan' }, 'city')
  cities(typed: string, ctx: CompletionContext): string[] {
    const cities = CITIES[ctx.arguments.country ?? ''] ?? [];
    return cities.filter((city) => city.toLowerCase().startsWith(typed.toLowerCase()));
  }
}
// #endregion complete
export { Trips };
