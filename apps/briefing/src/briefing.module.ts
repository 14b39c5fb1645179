import type { AppModule } from '@tessera/core';
import { BriefingProvider } from './briefing.provider';

export const briefingModule: AppModule = {
  name: 'briefing',
  version: '0.1.0',
  instructions: 'Drafts briefings. Asks who they are for.',
  providers: [BriefingProvider],
};
