import type { AppModule } from '@tessera/core';
import { Tickets } from './tickets.provider';

/** The application: its name and version (sent to clients) and its providers. */
export const appModule: AppModule = {
  name: '__PROJECT_NAME__',
  version: '0.1.0',
  instructions: 'Opens and summarises tickets.',
  providers: [Tickets],
};
