// `npm start`: serves the app over stdio (stdout carries MCP; logs go to stderr).
import 'reflect-metadata';
import { createApp } from '@tessera/core';
import { appModule } from './app.module';

createApp(appModule).serveStdio();
