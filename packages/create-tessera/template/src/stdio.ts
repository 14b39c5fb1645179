// `npm start`: serves the app over stdio (stdout carries MCP; logs go to stderr).
import 'reflect-metadata';
import { createApp } from '@tessera/core';
import { serveStdio } from '@tessera/core/node';
import { appModule } from './app.module';

serveStdio(createApp(appModule));
