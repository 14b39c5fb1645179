/**
 * Decorated-class MCP servers on the official SDK: tools, prompts, resources, DI, validation, interceptors, MRTR dependency parameters.
 *
 * @module @tessera/core
 */
// Public API of @tessera/core, the tier a server author uses: named exports only; this list is the package's
// main surface. The decorator-free server, the endpoint and the seams for store and integration authors are in
// '@tessera/core/advanced'; the Node-only faces in '@tessera/core/node'; anything else is internal.
import 'reflect-metadata';
// the validation accelerator, before anything validates (TESSERA_ACCELERATORS=off: the public path)
import './accelerators/validation/install-validation-accelerator';

// application
export { createApp } from './app/create-app';
export type { CreateAppOptions } from './app/create-app-options';
export type { LegacySessionOptions } from './endpoint/legacy-sessions';
export type { AppModule } from './app/app-module';
export type { VisibilityOptions } from './app/visibility-options';
export type { HandlerSwitch } from './app/surface-changes';
export type { ScopeVisibility } from './server/caller-visibility';
export type { FeatureModule } from './app/feature-module';
export { TesseraApp } from './app/tessera-app';
export type { EndpointRequestOptions } from './endpoint/mcp-endpoint';
export type { PipelineStageDescription } from './pipeline/describe-pipeline';
export { DEFAULT_REQUEST_LIMITS } from './limits/request-limits';
export type { RequestLimits, ResolvedRequestLimits } from './limits/request-limits';
export type { HttpAuthOptions, VerifierAuthOptions } from './auth/http-auth-options';
export type { IntrospectionOptions, OAuthResourceOptions } from './auth/oauth-resource-options';

// decorators
export { Provider } from './decorators/provider.decorator';
export type { ProviderOptions } from './metadata/metadata-store';
export type { Class, ConcreteClass } from './types/class';
export type { EnhancerRef } from './metadata/definitions/enhancer.metadata';
export { Tool } from './decorators/tool.decorator';
export type { ToolOptions } from './decorators/tool.decorator';
export { Prompt } from './decorators/prompt.decorator';
export type { PromptOptions } from './decorators/prompt.decorator';
export { Resource } from './decorators/resource.decorator';
export type { ResourceOptions } from './decorators/resource.decorator';
export { ResourceTemplate } from './decorators/resource-template.decorator';
export { Complete } from './decorators/complete.decorator';
export type { CompletionTarget } from './decorators/complete.decorator';
export type { CompletionAnswer, CompletionContext } from './contracts/completion-context';
export { AppResource } from './decorators/app-resource.decorator';
export type { AppResourceOptions } from './decorators/app-resource.decorator';
export type { ToolUiOptions } from './metadata/definitions/handler.metadata';
export type { AppToolVisibility, AppResourceCsp, AppResourcePermissions } from './mcp-apps/app-ui-types';
export { Args } from './decorators/args.decorator';
export { Ctx } from './decorators/ctx.decorator';
export { Principal } from './decorators/principal.decorator';
export { InjectParam } from './decorators/inject-param.decorator';
export { createParamDecorator } from './decorators/create-param-decorator';
export { UseGuards } from './decorators/use-guards.decorator';
export { UseInterceptors } from './decorators/use-interceptors.decorator';
export { UsePipes } from './decorators/use-pipes.decorator';
export { UseFilters } from './decorators/use-filters.decorator';
export { Field } from './decorators/field.decorator';

// pipeline contracts
export { ExecutionContext } from './contracts/execution-context';
export type { HandlerKind, HandlerMethod, HandlerRef } from './contracts/handler-ref';
export type { Guard } from './contracts/guard';
export type { VisibilityContext, VisiblePredicate } from './contracts/visibility';
export type { Interceptor, CallHandler } from './contracts/interceptor';
export type { Pipe, PipeTarget } from './contracts/pipe';
export type { ExceptionFilter } from './contracts/exception-filter';
export type { Principal as PrincipalInfo } from './contracts/principal';

// DI
export type { ServiceRegistration, ServiceScope } from './di/service-registration';

// observability (OpenTelemetry API)
export type { TelemetryOptions } from './telemetry/telemetry-options';
export { TelemetryAttribute, TELEMETRY_SCOPE } from './telemetry/telemetry-names';
export type { RoundOutcome } from './telemetry/telemetry-names';

// logging
export type { Logger, LogLevel, LogFields } from './logging/logger';
export { ConsoleLogger } from './logging/console-logger';
export type { ConsoleLoggerOptions } from './logging/console-logger';
export { silentLogger } from './logging/silent-logger';

// extensions (SEP-2133): one served next to the application, and what a request's client declares for one
export type { ServerExtension, ExtensionApp, ExtensionRequests, ExtensionSettings } from './contracts/server-extension';
export { clientExtension } from './extensions/client-extension';

// tasks (the Tasks extension): the options; the storage and execution seams are in '@tessera/core/advanced'
export type { TasksOptions } from './tasks/tasks-options';
// the seams' types, as TasksOptions names them (their in-memory defaults and transitions are advanced)
export type {
  TaskStore,
  TaskChange,
  AnswerOutcome,
  CancelOutcome,
  TaskListener,
  TaskCreation,
  CreateOutcome,
} from './tasks/task-store';
export type { TaskQueue, TaskStep } from './tasks/task-queue';
export type { StoredTask, TaskStatus, TaskError, TaskCaller, TaskClient } from './tasks/stored-task';
export type { TaskContext } from './contracts/task-context';
export type { TaskSupport } from './metadata/definitions/handler.metadata';
export { DEFAULT_TASK_TTL_MS, DEFAULT_TASK_POLL_INTERVAL_MS } from './tasks/tasks-options';

// errors
export { TesseraError } from './errors/tessera-error';
export { TesseraErrorCode } from './errors/codes';
export { ToolError } from './errors/runtime/tool.error';
export { ForbiddenError } from './errors/runtime/forbidden.error';
export { ArgumentValidationError } from './errors/runtime/argument-validation.error';
export type { FieldIssue } from './errors/runtime/argument-validation.error';
export { UndeclaredInputRequiredError } from './errors/runtime/undeclared-input-required.error';
export { DuplicateNameError } from './errors/definition/duplicate-name.error';
export { MissingArgsTypeError } from './errors/definition/missing-args-type.error';
export { MissingDesignMetadataError } from './errors/definition/missing-design-metadata.error';
export { InvalidSignatureError } from './errors/definition/invalid-signature.error';
export { InvalidDecoratorUseError } from './errors/definition/invalid-decorator-use.error';
export { InvalidConfigurationError } from './errors/definition/invalid-configuration.error';
export { JsonRpcCode } from './errors/json-rpc-codes';

// DTO schemas (what @Field and a raw input schema take); the schema and validation functions on their own are
// in '@tessera/core/advanced'
export type { FieldOptions, FieldType, FieldTypeThunk } from './schema/field.metadata';
export type { JsonSchema, ObjectJsonSchema } from './schema/json-schema';
export type { ToolInputSchema, ToolOutputSchema } from './schema/raw-input-schema';
export { loadSkillFiles } from './skills/load-skill-files';
export { UnsupportedSchemaError } from './errors/definition/unsupported-schema.error';
export { UnsupportedElicitationSchemaError } from './errors/definition/unsupported-elicitation-schema.error';

// request-state protection, re-exported for one import
export {
  RequestStateSecurity,
  InvalidRequestStateError,
  INVALID_REQUEST_STATE_MESSAGE,
  MemorySingleUseStore,
  SingleUseStoreUnavailableError,
} from '@tessera/request-state/framework';
export type { SingleUseStore, IdempotentLegOptions } from '@tessera/request-state/framework';

// asking the user (multi-round-trip dependencies)
export { Elicit } from './decorators/elicit.decorator';
export type { ElicitOptions, ElicitUrlOptions } from './decorators/elicit.decorator';
export { Sample } from './decorators/sample.decorator';
export type { SampleOptions } from './decorators/sample.decorator';
export { ListRoots } from './decorators/list-roots.decorator';
export type { ListRootsOptions } from './decorators/list-roots.decorator';
export { Elicitation } from './mrtr/elicitation';
export { isAccepted } from './mrtr/elicitation';
export type { AfterKeys, Computed, QuestionInput } from './mrtr/dependency-spec';
export { ElicitationDeclinedError } from './errors/runtime/elicitation-declined.error';
export { MissingCapabilityError } from './errors/runtime/missing-capability.error';
export { InvalidInputResponseError } from './errors/runtime/invalid-input-response.error';
