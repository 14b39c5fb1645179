import 'reflect-metadata';
import { AppResource, createApp, Provider, silentLogger, Tool, type TesseraApp } from '@tessera/core';
import { listen, type HttpListener } from '@tessera/core/node';
import { runCaptured } from './fixtures/run-captured';

@Provider()
class Board {
  @AppResource('ui://board/view.html')
  view(): string {
    return '<p>board</p>';
  }

  @Tool({ description: 'Shows the board', ui: { resource: 'ui://board/view.html' } })
  show_board(): string {
    return 'eu 3, us 5';
  }

  @Tool({ description: 'No view' })
  plain(): string {
    return 'plain text';
  }
}

describe('tessera and MCP Apps tools', () => {
  let app: TesseraApp;
  let listener: HttpListener;
  beforeAll(async () => {
    app = createApp({ name: 'board', version: '1', providers: [Board], logger: silentLogger });
    listener = await listen(app, { port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await listener.close();
    await app.close();
  });

  it('says in the listing that a tool has a UI', async () => {
    const run = await runCaptured(['tools', listener.url.href]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      'show_board: Shows the board\n    has a UI (ui://board/view.html), not rendered in the terminal: its text is shown',
    );
    expect(run.stdout).not.toMatch(/plain: No view\n\s+has a UI/);
  });

  it('calls it and shows its text, after saying the view is not rendered', async () => {
    const run = await runCaptured(['call', listener.url.href, 'show_board']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('(show_board has a UI (ui://board/view.html), not rendered in the terminal');
    expect(run.stdout).toContain('eu 3, us 5');
    const plain = await runCaptured(['call', listener.url.href, 'plain']);
    expect(plain.stdout).not.toContain('has a UI');
  });
});
