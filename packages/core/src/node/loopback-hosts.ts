import { isIP } from 'node:net';
import { localhostAllowedHostnames } from '@modelcontextprotocol/server';

/** Whether a listen host is this machine only: `localhost`, the whole 127.0.0.0/8 range, `::1` (also IPv4-mapped). */
export function isLoopbackHost(host: string): boolean {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  if (bare === 'localhost') return true;
  const v4 = bare.toLowerCase().startsWith('::ffff:') ? bare.slice(7) : bare;
  if (isIP(v4) === 4) return v4.startsWith('127.');
  return isIP(bare) === 6 && /^(0{0,4}:){1,7}0{0,3}1$|^::1$/.test(bare);
}

/**
 * The `Host`/`Origin` hostnames a loopback listener accepts: the usual local names and the address it is
 * bound to (a client of 127.0.0.2 sends `Host: 127.0.0.2`), IPv6 in brackets as the SDK's check expects.
 */
export function loopbackAllowedHosts(host: string): string[] {
  const bound = isIP(host) === 6 ? `[${host}]` : host;
  const names = localhostAllowedHostnames();
  return names.includes(bound) ? names : [...names, bound];
}
