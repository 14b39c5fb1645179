/**
 * Every error code Tessera throws, in one place so that callers can switch on a literal type.
 * Definition-time codes are raised while decorating or compiling a server; runtime codes while serving.
 */
export const TesseraErrorCode = {
  // definition time
  DuplicateCoreInstance: 'TESSERA_DUPLICATE_CORE_INSTANCE',
  DuplicateName: 'TESSERA_DUPLICATE_NAME',
  MissingArgsType: 'TESSERA_MISSING_ARGS_TYPE',
  MissingDesignMetadata: 'TESSERA_MISSING_DESIGN_METADATA',
  InvalidDecoratorUse: 'TESSERA_INVALID_DECORATOR_USE',
  InvalidSignature: 'TESSERA_INVALID_SIGNATURE',
  InvalidConfiguration: 'TESSERA_INVALID_CONFIGURATION',
  UnsupportedSchema: 'TESSERA_UNSUPPORTED_SCHEMA',
  UnsupportedElicitationSchema: 'TESSERA_UNSUPPORTED_ELICITATION_SCHEMA',
  // runtime
  ArgumentValidation: 'TESSERA_ARGUMENT_VALIDATION',
  Forbidden: 'TESSERA_FORBIDDEN',
  ToolError: 'TESSERA_TOOL_ERROR',
  MissingCapability: 'TESSERA_MISSING_CAPABILITY',
  UndeclaredInputRequired: 'TESSERA_UNDECLARED_INPUT_REQUIRED',
  ElicitationDeclined: 'TESSERA_ELICITATION_DECLINED',
  InvalidInputResponse: 'TESSERA_INVALID_INPUT_RESPONSE',
} as const;

export type TesseraErrorCode = (typeof TesseraErrorCode)[keyof typeof TesseraErrorCode];
