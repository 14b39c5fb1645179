/**
 * What each optional feature's module gives once loaded. Type-only: naming a module here loads nothing.
 */
export interface OptionalFeatureModules {
  auth: typeof import('../auth/auth-feature');
  jose: typeof import('jose', { with: { 'resolution-mode': 'import' } });
  tasks: typeof import('../tasks/tasks-feature');
  telemetry: typeof import('../telemetry/telemetry-feature');
  openTelemetry: typeof import('@opentelemetry/api');
  questions: typeof import('../mrtr/questions-feature');
  legacySessions: typeof import('../endpoint/legacy-sessions');
  rawInputSchemas: typeof import('../schema/raw-input-schema');
  largeBodyScan: typeof import('../limits/refuse-by-scan');
  skills: typeof import('@modelcontextprotocol/server/ext/skills');
  skillFolders: typeof import('@modelcontextprotocol/server/ext/skills/node');
  sdkNodeAdapter: typeof import('@modelcontextprotocol/node');
  stdio: typeof import('@modelcontextprotocol/server/stdio');
  idleGc: typeof import('../node/v8-gc');
  classValidator: typeof import('class-validator');
  classTransformer: typeof import('class-transformer');
  extApps: typeof import('@modelcontextprotocol/ext-apps/server', { with: { 'resolution-mode': 'import' } });
  fileReads: typeof import('node:fs/promises');
}

export type OptionalFeature = keyof OptionalFeatureModules;

export interface OptionalFeatureEntry {
  /** The module loaded on first use: a package, or a path relative to this folder. */
  readonly module: string;
  /** Who needs it, so who never loads it. */
  readonly neededBy: string;
}

/**
 * Every module core loads on first use instead of at import, one entry per optional feature: a server that does
 * not use a feature never loads its modules (nor what they import), which keeps every server's start and memory
 * to what it serves. `loadFeature` (load-feature.ts) is the only way such a module is loaded.
 */
export const OPTIONAL_FEATURES: { readonly [F in OptionalFeature]: OptionalFeatureEntry } = {
  auth: {
    module: '../auth/auth-feature',
    neededBy: 'an endpoint given `auth`, or a request carrying a verified identity (bearer check, scope challenge)',
  },
  jose: { module: 'jose', neededBy: 'a JWT token verifier (`auth: { issuer, ... }`)' },
  tasks: { module: '../tasks/tasks-feature', neededBy: 'an app with a task tool (`@Tool({ task })`)' },
  telemetry: {
    module: '../telemetry/telemetry-feature',
    neededBy: 'an app or low-level server with `telemetry` on (instruments, pipeline stages, refusal records)',
  },
  openTelemetry: { module: '@opentelemetry/api', neededBy: 'telemetry, at its first span or metric' },
  questions: {
    module: '../mrtr/questions-feature',
    neededBy: 'an app with a dependency parameter (`@Elicit`, `@Sample`, `@ListRoots`): question kinds, resolver',
  },
  legacySessions: { module: '../endpoint/legacy-sessions', neededBy: 'an app that serves `legacySessions`' },
  rawInputSchemas: {
    module: '../schema/raw-input-schema',
    neededBy: "a tool with a hand-written `inputSchema` or `outputSchema` (and the SDK's Ajv validator under it)",
  },
  largeBodyScan: {
    module: '../limits/refuse-by-scan',
    neededBy: 'a request body large enough to be scanned before it is parsed',
  },
  skills: { module: '@modelcontextprotocol/server/ext/skills', neededBy: 'an app that serves skills' },
  skillFolders: {
    module: '@modelcontextprotocol/server/ext/skills/node',
    neededBy: '`loadSkillFolder` (skills read from a folder)',
  },
  sdkNodeAdapter: {
    module: '@modelcontextprotocol/node',
    neededBy: "`listen`'s first request its fast lane does not take (a GET, a session, the lane off)",
  },
  stdio: { module: '@modelcontextprotocol/server/stdio', neededBy: '`serveStdio`' },
  idleGc: { module: '../node/v8-gc', neededBy: "a listener's first idle GC (`idleGcMs`)" },
  classValidator: {
    module: 'class-validator',
    neededBy: "validation with the validation accelerator off (class-validator's root, whole)",
  },
  extApps: {
    module: '@modelcontextprotocol/ext-apps/server',
    neededBy: 'an app with an MCP Apps view or app tool (`@AppResource`, `@Tool({ ui })`), or an app-rendered question',
  },
  fileReads: {
    module: 'node:fs/promises',
    neededBy: 'an `@AppResource` method that returns its view as a file (a `file:` URL), at its first read',
  },
  classTransformer: {
    module: 'class-transformer',
    neededBy: 'a DTO with nested classes or transforms, or any DTO with the validation accelerator off',
  },
};
