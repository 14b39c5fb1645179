import 'reflect-metadata';
import { createApp } from '@tessera/core';
import { briefingModule } from './briefing.module';

// `node apps/briefing/dist/server.js` serves the briefing app over stdio (both protocol eras).
createApp(briefingModule).serveStdio();
