import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** The nginx server block shipped with the fleet (the one the tests, the load script and the compose file use). */
export const FLEET_NGINX_TEMPLATE = resolve(__dirname, '..', '..', 'nginx', 'fleet.conf.template');

export interface FleetNginxSettings {
  /** `host:port` of every instance, in round-robin order. */
  upstreams: readonly string[];
  /** What nginx listens on: `127.0.0.1:8080`, or a bare port. */
  listen: string;
  accessLog: string;
}

/**
 * Fills the `${FLEET_...}` names of the template the way the nginx image's envsubst step does: only those
 * names, so nginx's own `$variables` stay as they are. A name the template uses but no setting gives fails
 * here, not as an nginx syntax error later.
 */
export function renderFleetNginxConfig(
  settings: FleetNginxSettings,
  template = readFileSync(FLEET_NGINX_TEMPLATE, 'utf8'),
): string {
  if (settings.upstreams.length === 0) throw new Error('nginx: at least one upstream instance is needed');
  for (const upstream of settings.upstreams) {
    if (!/^[A-Za-z0-9.\-[\]:]+:\d{1,5}$/.test(upstream))
      throw new Error(`nginx: upstream ${JSON.stringify(upstream)} is not host:port`);
  }
  const values: Record<string, string> = {
    FLEET_UPSTREAMS: fleetUpstreams(settings.upstreams),
    FLEET_LISTEN: settings.listen,
    FLEET_ACCESS_LOG: settings.accessLog,
  };
  return template.replace(/\$\{([A-Z0-9_]+)\}/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`nginx template: no value for \${${name}}`);
    return value;
  });
}

/**
 * The `server` lines of the upstream block: `max_fails=0`, an instance is never marked down. nginx's default
 * (`max_fails=1 fail_timeout=10s`) skips an instance for 10 s after one failed connection, so a rolling restart
 * faster than that marks every instance down at once and nginx refuses legs no instance would have refused.
 * With 0, a stopped instance costs one refused connection (at once on the loopback or a LAN) before the leg
 * goes to the next one (`proxy_next_upstream error`), and a restarted one takes legs the moment it listens.
 */
export function fleetUpstreams(upstreams: readonly string[]): string {
  return upstreams.map((u) => `server ${u} max_fails=0;`).join(' ');
}
