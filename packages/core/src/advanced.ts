/**
 * The advanced tier of `@tessera/core`: what the decorated app stands on and what integrations implement.
 * The decorator-free server (`createLowLevelServer`), the runtime-neutral endpoint (`McpEndpoint`), the
 * Tasks storage and execution seams (what `@tessera/redis` implements), and the schema and validation
 * functions usable without an app. A server author needs none of it: start from `@tessera/core`.
 *
 * @module @tessera/core/advanced
 */
// @tessera/core/advanced: a separate tier, so the main entry stays what a server author uses.
import 'reflect-metadata';
// the validation accelerator, before anything validates (TESSERA_ACCELERATORS=off: the public path)
import './accelerators/validation/install-validation-accelerator';

// the endpoint every face serves through (the decorated app and the low-level server both stand on it)
export { McpEndpoint } from './endpoint/mcp-endpoint';
export type { EndpointRequestOptions, SdkServerFactory } from './endpoint/mcp-endpoint';
// the HTTP admission order as a server runs it (the call pipeline's is `describePipeline`)
export { describeAdmission } from './app/describe-admission';
// the types the endpoint's and the low-level server's signatures use (also exported by the main entry)
export type { Class } from './types/class';
export type { HttpAuthOptions, VerifierAuthOptions } from './auth/http-auth-options';
export type { IntrospectionOptions, OAuthResourceOptions } from './auth/oauth-resource-options';
export type { LegacySessionOptions } from './endpoint/legacy-sessions';
export type { RequestLimits, ResolvedRequestLimits } from './limits/request-limits';
export type { Logger, LogLevel, LogFields } from './logging/logger';
export type { TelemetryOptions } from './telemetry/telemetry-options';
export type { PipelineStageDescription } from './pipeline/describe-pipeline';
export type { JsonSchema, ObjectJsonSchema } from './schema/json-schema';
export type { BodyBudget, BodyHold } from './limits/body-budget';

// the low-level server: no decorators, JSON Schema tool definitions, opt-in sealing
export { createLowLevelServer } from './lowlevel/create-low-level-server';
export { LowLevelServer } from './lowlevel/low-level-server';
export type {
  LowLevelServerOptions,
  LowLevelToolHandler,
  LowLevelCallContext,
  LowLevelCallResult,
} from './lowlevel/low-level-server-options';

// tasks: the storage and execution seams, their in-memory defaults, and the transitions a store applies
export { TASKS_EXTENSION } from './tasks/tasks-extension';
export type {
  TaskStore,
  TaskChange,
  TaskCreation,
  CreateOutcome,
  AnswerOutcome,
  CancelOutcome,
  TaskListener,
} from './tasks/task-store';
export type { TaskQueue, TaskStep } from './tasks/task-queue';
export type {
  StoredTask,
  TaskStatus,
  TerminalTaskStatus,
  TaskError,
  TaskCaller,
  TaskClient,
} from './tasks/stored-task';
export { isTerminalStatus, expiresAt } from './tasks/stored-task';
export { MemoryTaskStore } from './tasks/memory-task-store';
export type { MemoryTaskStoreOptions } from './tasks/memory-task-store';
export { MemoryTaskQueue } from './tasks/memory-task-queue';
export { answerTask, applyTaskChange, cancelTask } from './tasks/task-transitions';

// DTO schemas and validation on their own, without an app
export { jsonSchemaForDto } from './schema/json-schema-for-dto';
export { outputSchemaForDto } from './schema/output-schema-for-dto';
export { promptArgumentsForDto } from './schema/prompt-arguments-for-dto';
export type { PromptArgumentDefinition } from './schema/prompt-arguments-for-dto';
export { elicitationSchemaForDto } from './schema/elicitation-schema-for-dto';
export { assertElicitationSchema } from './schema/assert-elicitation-schema';
export type { ElicitationSchema } from './schema/elicitation-schema';
export { validateArguments } from './validation/validate-arguments';
export { validateDto, dtoNeedsAsyncValidation } from './validation/validate-dto';
export { validateOutput } from './validation/validate-output';
export { validateElicitationContent } from './validation/validate-elicitation-content';
export { formatValidationIssues } from './validation/format-validation-issues';
export type { ValidationIssue, ValidationResult } from './validation/validation-issue';
export type { ValidateOptions } from './validation/validate-options';

// what a compiled app declares, without serving it (for tooling: `tessera inspect`)
export { describeApp } from './app/describe-app';
export type {
  AppSurface,
  HandlerSurface,
  PromptSurface,
  PromptArgumentSurface,
  ToolSurface,
  QuestionSurface,
  SecuritySummary,
} from './app/app-surface';
// the types describeApp's signature names (the main entry's too), as the node entry re-exports them
export type { TesseraApp } from './app/tessera-app';
export type { HandlerSwitch } from './app/surface-changes';
export type { HandlerMethod } from './contracts/handler-ref';
export type { TaskSupport } from './metadata/definitions/handler.metadata';
