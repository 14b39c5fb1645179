import { InvalidConfigurationError } from '../errors/definition/invalid-configuration.error';

/** What every Tessera server is configured with, decorated or low-level. */
interface ServerSettings {
  name?: unknown;
  version?: unknown;
  pageSize?: number;
}

/**
 * Checks a server's name, version and page size at startup; returns the page size to use (default 100).
 * `subject` opens the message for a missing name; `noun` names the server in the others.
 */
export function checkServerSettings(settings: ServerSettings | undefined, subject: string, noun: string): number {
  if (!settings || typeof settings.name !== 'string' || settings.name.trim() === '') {
    throw new InvalidConfigurationError(
      `${subject} needs a non-empty name (it identifies the server and is the default requestState audience).`,
    );
  }
  if (typeof settings.version !== 'string' || settings.version === '')
    throw new InvalidConfigurationError(`${noun} "${settings.name}" needs a version string.`);
  const pageSize = settings.pageSize ?? 100;
  if (!Number.isInteger(pageSize) || pageSize < 1) {
    throw new InvalidConfigurationError(
      `${noun} "${settings.name}": pageSize must be a positive integer, got ${settings.pageSize}.`,
    );
  }
  return pageSize;
}
