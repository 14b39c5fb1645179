/**
 * A mount that cannot serve: the remote did not answer at start (connection, handshake or listing), or
 * listed something the mount cannot serve. Thrown by `mountRemote`, so the app is never built half mounted.
 */
export class RemoteMountError extends Error {
  constructor(
    readonly prefix: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(`mount "${prefix}": ${message}`, options);
    this.name = 'RemoteMountError';
  }
}
