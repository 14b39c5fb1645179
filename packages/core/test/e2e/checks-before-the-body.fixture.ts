import { Args, Provider, Tool } from '@tessera/core';
import { Text } from './two-paths-divergences.fixture';

/** One echo tool, for an app with limits of its own (checks-before-the-body.test.ts). */
@Provider()
export class EdgeToolsForLimits {
  @Tool({ description: 'Echoes its text' })
  echo(@Args() args: Text): string {
    return args.text;
  }
}
