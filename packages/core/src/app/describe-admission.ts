import { recordedAdmission } from '../endpoint/admission/described-admissions';
import { InvalidConfigurationError } from '../errors/definition/invalid-configuration.error';
import { appInternalsOf } from './tessera-app';

/**
 * The steps an HTTP request goes through before it is served, in their order, as `served` runs them (for logs,
 * docs and tests, as `describePipeline` lists a call's stages). `served`: an app (`createApp`), a low-level
 * server or an `McpEndpoint` (its `fetch` face), or what `listen` or `nodeHandler` returned (the Node faces,
 * which put their own steps in front). Steps with nothing to do for it (no auth configured, no sessions...)
 * are left out; the whole order is `ADMISSION_STEPS` (docs: "The order of checks").
 */
export function describeAdmission(served: object): string[] {
  const steps = recordedAdmission(served) ?? recordedOfApp(served);
  if (steps === undefined)
    throw new InvalidConfigurationError(
      'describeAdmission: expected an app, a low-level server, an McpEndpoint, or what listen or nodeHandler returned.',
    );
  return [...steps];
}

function recordedOfApp(served: object): readonly string[] | undefined {
  const endpoint = typeof served === 'object' && served !== null ? appInternalsOf(served)?.endpoint : undefined;
  return endpoint && recordedAdmission(endpoint);
}
