/** The separator between a mount's prefix and a remote name: valid in tool names (`[A-Za-z0-9_.-]`). */
export const MOUNT_SEPARATOR = '_';

const WITH_AUTHORITY = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/(.*)$/s;

/** Maps names and URIs between the remote's surface and the mounted one, both ways. */
export class MountedNames {
  constructor(readonly prefix: string) {}

  name(remote: string): string {
    return `${this.prefix}${MOUNT_SEPARATOR}${remote}`;
  }

  /**
   * `scheme://rest` becomes `scheme://<prefix>/rest`, so two mounts of the same kind of server cannot collide
   * and the scheme (what a client may key on) is kept; a URI without `//` becomes `<prefix>+<uri>`.
   */
  uri(remote: string): string {
    const match = WITH_AUTHORITY.exec(remote);
    return match ? `${match[1]}://${this.prefix}/${match[2]}` : `${this.prefix}+${remote}`;
  }

  /** The remote URI behind a mounted one (a read's URI, or a template's expansion). */
  remoteUri(mounted: string): string {
    const match = WITH_AUTHORITY.exec(mounted);
    const head = `${this.prefix}/`;
    if (match && match[2].startsWith(head)) return `${match[1]}://${match[2].slice(head.length)}`;
    const plus = `${this.prefix}+`;
    return mounted.startsWith(plus) ? mounted.slice(plus.length) : mounted;
  }
}
