import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as main from '@tessera/core';
import * as advanced from '@tessera/core/advanced';

// The runtime names of each tier, exactly: a name that moves between tiers, or leaks from the internals, fails
// here (the API reports under packages/core/api/ hold the types as well).

describe('@tessera/core, the tier a server author uses', () => {
  test('exports exactly these runtime names', () => {
    expect(Object.keys(main).sort()).toEqual([
      'AppResource',
      'Args',
      'ArgumentValidationError',
      'Complete',
      'ConsoleLogger',
      'Ctx',
      'DEFAULT_REQUEST_LIMITS',
      'DEFAULT_TASK_POLL_INTERVAL_MS',
      'DEFAULT_TASK_TTL_MS',
      'DuplicateNameError',
      'Elicit',
      'Elicitation',
      'ElicitationDeclinedError',
      'ExecutionContext',
      'Field',
      'ForbiddenError',
      'INVALID_REQUEST_STATE_MESSAGE',
      'InjectParam',
      'InvalidConfigurationError',
      'InvalidDecoratorUseError',
      'InvalidInputResponseError',
      'InvalidRequestStateError',
      'InvalidSignatureError',
      'JsonRpcCode',
      'ListRoots',
      'MemorySingleUseStore',
      'MissingArgsTypeError',
      'MissingCapabilityError',
      'MissingDesignMetadataError',
      'Principal',
      'Prompt',
      'Provider',
      'RequestStateSecurity',
      'Resource',
      'ResourceTemplate',
      'Sample',
      'SingleUseStoreUnavailableError',
      'TELEMETRY_SCOPE',
      'TelemetryAttribute',
      'TesseraApp',
      'TesseraError',
      'TesseraErrorCode',
      'Tool',
      'ToolError',
      'UndeclaredInputRequiredError',
      'UnsupportedElicitationSchemaError',
      'UnsupportedSchemaError',
      'UseFilters',
      'UseGuards',
      'UseInterceptors',
      'UsePipes',
      'clientExtension',
      'createApp',
      'createParamDecorator',
      'isAccepted',
      'loadSkillFiles',
      'silentLogger',
    ]);
  });
});

describe('@tessera/core/advanced, the low-level and integration tier', () => {
  test('exports exactly these runtime names, none of them also on the main entry', () => {
    expect(Object.keys(advanced).sort()).toEqual([
      'LowLevelServer',
      'McpEndpoint',
      'MemoryTaskQueue',
      'MemoryTaskStore',
      'TASKS_EXTENSION',
      'answerTask',
      'applyTaskChange',
      'assertElicitationSchema',
      'cancelTask',
      'createLowLevelServer',
      'describeAdmission',
      'describeApp',
      'dtoNeedsAsyncValidation',
      'elicitationSchemaForDto',
      'expiresAt',
      'formatValidationIssues',
      'isTerminalStatus',
      'jsonSchemaForDto',
      'outputSchemaForDto',
      'promptArgumentsForDto',
      'validateArguments',
      'validateDto',
      'validateElicitationContent',
      'validateOutput',
    ]);
    expect(Object.keys(advanced).filter((name) => name in main)).toEqual([]);
  });

  test("the decorated app is built on an endpoint, not a subclass of the advanced tier's", () => {
    expect(main.TesseraApp.prototype).not.toBeInstanceOf(advanced.McpEndpoint);
  });
});

test('each entry lists its exports by name (no export *)', () => {
  for (const entry of ['index.ts', 'advanced.ts', join('node', 'index.ts')]) {
    const source = readFileSync(join(__dirname, '..', 'src', entry), 'utf8');
    expect(source).not.toMatch(/export \*/);
    expect(source).not.toMatch(/export default/);
  }
});
