import { readFileSync } from 'node:fs';
import { README, readmeNginxBlock, readmeNginxConfig } from '../src/nginx/readme-nginx-config';
import { killAllNginx, runNginx } from '../src/nginx/run-nginx';

/*
 * The README's deployment section shows the nginx block a hand-written config needs; `npm run check:fleet` runs
 * its faults through a second nginx configured from that very block. Here: the block is found and only its
 * addresses change, real nginx accepts it, and it answers 503 no_upstream when no instance takes the leg.
 */
const readme = readFileSync(README, 'utf8');
const settings = { upstreams: ['127.0.0.1:4001', '127.0.0.1:4002'], listen: '127.0.0.1:8080', accessLog: '/tmp/a.log' };

afterAll(() => killAllNginx());

describe("the README's hand-written nginx config", () => {
  test('one server line per instance with the README parameters, its listen replaced, the rest as the README says', () => {
    const config = readmeNginxConfig(settings, readme);
    const servers = config.split('\n').filter((l) => /^\s*server\s+\S+:\d+/.test(l));
    expect(servers.map((l) => l.trim())).toEqual([
      'server 127.0.0.1:4001 max_fails=0;',
      'server 127.0.0.1:4002 max_fails=0;',
    ]);
    expect(config).toContain('    listen 127.0.0.1:8080;');
    expect(config).not.toContain('listen 80;');
    // everything but the addresses is the README's text
    const strip = (text: string) =>
      text
        .split('\n')
        .filter((l) => !/^\s*(server\s+\S+:\d+|listen\s)/.test(l) && !l.startsWith('access_log'))
        .join('\n');
    expect(strip(config)).toBe(strip(readmeNginxBlock(readme)));
  });

  test('a README without the block, or with server lines that differ, is refused naming the section', () => {
    expect(() => readmeNginxConfig(settings, '# Tessera\n')).toThrow('README: no "# Several instances" section');
    const noBlock = '# Several instances\n\ntext\n## Next\n';
    expect(() => readmeNginxConfig(settings, noBlock)).toThrow('expected one ```nginx block, found 0');
    const differing =
      '# Several instances\n```nginx\nupstream u {\n  server a:1 max_fails=0;\n  server b:1;\n}\nserver { listen 80; }\n```\n';
    expect(() => readmeNginxConfig(settings, differing)).toThrow('the nginx server lines differ in their parameters');
  });

  test('real nginx accepts it; with no instance listening a leg gets 503 no_upstream (it never reached a handler)', async () => {
    const nginx = await runNginx({ upstreams: ['127.0.0.1:1'], config: readmeNginxConfig });
    try {
      const response = await fetch(nginx.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
      });
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ error: 'no_upstream' });
    } finally {
      await nginx.stop();
    }
  }, 120_000);
});
