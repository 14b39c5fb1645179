import type { AppModule } from '@tessera/core';
import { ConciergeProvider } from './concierge.provider';

export const conciergeModule: AppModule = {
  name: 'concierge',
  version: '0.1.0',
  instructions: 'Books tables and plans evenings. Asks before it commits to anything.',
  providers: [ConciergeProvider],
};
