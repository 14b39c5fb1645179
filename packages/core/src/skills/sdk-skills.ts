/** The SDK's skills extension module. */
export type SdkSkills = typeof import('@modelcontextprotocol/server/ext/skills');

let loaded: SdkSkills | undefined;

/**
 * Required on first use: most apps serve no skills, and the extension costs a server's start about 10 ms
 * of CPU for three modules; an app that has skills loads it when it builds or checks its catalog.
 */
export function sdkSkills(): SdkSkills {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (loaded ??= require('@modelcontextprotocol/server/ext/skills') as SdkSkills);
}
