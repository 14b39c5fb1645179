import { createApp, Provider, Tool } from '@tessera/core';

@Provider()
class Desk {
  @Tool({ description: 'Fix it', icons: [{ src: 'https://desk.example/hammer.png', mimeType: 'image/png' }] })
  fix(): string {
    return 'fixed';
  }
}

// #region identity
export const app = createApp({
  name: 'desk',
  version: '1.2.0',
  title: 'Desk',
  description: 'Fixes things on your desk',
  websiteUrl: 'https://desk.example',
  icons: [
    { src: 'https://desk.example/logo.png', mimeType: 'image/png', sizes: ['48x48'] },
    { src: 'https://desk.example/logo-dark.svg', mimeType: 'image/svg+xml', theme: 'dark' },
  ],
  instructions: 'Call fix when something on the desk is broken.',
  providers: [Desk],
});
// #endregion identity
