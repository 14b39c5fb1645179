import 'reflect-metadata';
import { createApp } from '@tessera/core';
import { briefingModule } from './briefing.module';
import { serveStdio } from '@tessera/core/node';

// `node apps/briefing/dist/server.js` serves the briefing app over stdio (both protocol eras).
serveStdio(createApp(briefingModule));
