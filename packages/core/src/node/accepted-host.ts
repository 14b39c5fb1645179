/** A port as `URL` takes it without complaint: one to five digits, at most 65535. */
const PORT = /^[0-9]{1,5}$/;

/**
 * Tells, without the URL parse the SDK's DNS rebinding check makes for every request
 * (`hostHeaderValidationResponse`: the hostname of `http://<Host>`), that a `Host` header is one it accepts:
 * an allowed hostname that `URL` gives back unchanged, alone or with a port. False says nothing: the SDK's
 * check then decides. Held to the SDK's check by a seeded differential fuzz test (accepted-host.fuzz.test.ts).
 */
export function acceptedHost(allowedHosts: readonly string[]): (host: string | null) => boolean {
  const names = new Set(allowedHosts.filter(isOwnHostname));
  return (host) => {
    if (host === null) return false;
    if (names.has(host)) return true;
    const colon = host.lastIndexOf(':');
    if (colon <= 0) return false;
    const port = host.slice(colon + 1);
    return PORT.test(port) && Number(port) <= 65535 && names.has(host.slice(0, colon));
  };
}

/** Whether `URL` reads `name` as a host and gives it back as its hostname, unchanged (no port, case or escape). */
function isOwnHostname(name: string): boolean {
  try {
    return new URL(`http://${name}`).hostname === name;
  } catch {
    return false;
  }
}
