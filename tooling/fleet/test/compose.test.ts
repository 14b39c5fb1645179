import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fleetUpstreams, renderFleetNginxConfig } from '../src/nginx/fleet-nginx-config';

/* The compose file is documentation (no docker here), so this keeps it in step with what the tests run. */
const compose = readFileSync(join(__dirname, '..', 'compose.yaml'), 'utf8');
const template = readFileSync(join(__dirname, '..', 'nginx', 'fleet.conf.template'), 'utf8');

describe('compose.yaml matches the nginx config and instance settings the tests use', () => {
  test('nginx gets the shipped template and the same server lines the tests render', () => {
    expect(compose).toContain('./nginx/fleet.conf.template:/etc/nginx/templates/fleet.conf.template:ro');
    const block = /FLEET_UPSTREAMS: >-\n((?: {8}server .*\n)+)/.exec(compose)?.[1] ?? '';
    const lines = block
      .trim()
      .split('\n')
      .map((l) => l.trim());
    expect(lines.join(' ')).toBe(fleetUpstreams(['instance1:3000', 'instance2:3000', 'instance3:3000']));
    // Every name the template needs is given, and the template renders with them.
    const needed = [...new Set([...template.matchAll(/\$\{(FLEET_[A-Z_]+)\}/g)].map((m) => m[1]))].sort();
    expect(needed).toEqual(['FLEET_ACCESS_LOG', 'FLEET_LISTEN', 'FLEET_UPSTREAMS']);
    for (const name of needed) expect(compose).toMatch(new RegExp(`^\\s+${name}: `, 'm'));
    expect(
      renderFleetNginxConfig(
        { upstreams: ['instance1:3000'], listen: '80', accessLog: '/var/log/nginx/tessera-fleet.log' },
        template,
      ),
    ).toContain('listen 80;');
  });

  test('the instances get the settings instance.js reads, and redis keeps consumed tokens on disk', () => {
    for (const name of ['PORT', 'FLEET_HOST', 'TESSERA_STATE_KEYS', 'TESSERA_REDIS_URL', 'FLEET_INSTANCE_ID'])
      expect(compose).toContain(`${name}:`);
    const instanceSource =
      readFileSync(join(__dirname, '..', 'src', 'instance.ts'), 'utf8') +
      readFileSync(join(__dirname, '..', 'src', 'redis', 'fleet-redis.ts'), 'utf8') +
      readFileSync(join(__dirname, '..', 'src', 'keys.ts'), 'utf8');
    for (const name of ['FLEET_HOST', 'FLEET_INSTANCE_ID', 'TESSERA_REDIS_URL', 'TESSERA_STATE_KEYS'])
      expect(instanceSource).toContain(name);
    expect(compose).toContain('command: ["node", "tooling/fleet/dist/instance.js"]');
    // append-only, synced every second, on a named volume: a restart forgets no task and no consumed token
    expect(compose).toContain(
      `command: ["redis-server", "--port", "6379", "--appendonly", "yes", "--appendfsync", "everysec", "--save", ""]`,
    );
    // the same persistence as every redis-server the checks and tests start
    const runRedis = readFileSync(join(__dirname, '..', 'src', 'redis', 'run-redis-server.ts'), 'utf8');
    expect(runRedis).toMatch(/'--appendonly',\s*'yes',\s*'--appendfsync',\s*'everysec',/);
    expect(compose).toMatch(/^ {6}- redis-data:\/data$/m);
    expect(compose).toMatch(/^volumes:\n {2}redis-data:/m);
    expect((compose.match(/^ {2}instance\d:/gm) ?? []).length).toBe(3);
  });
});
