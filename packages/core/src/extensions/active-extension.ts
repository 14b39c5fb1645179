import type { ExtensionSettings, ServerExtension } from '../contracts/server-extension';

/** An extension this application serves, with the settings its `setup` returned (advertised as they are). */
export interface ActiveExtension {
  readonly extension: ServerExtension;
  readonly settings: ExtensionSettings;
}
