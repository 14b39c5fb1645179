// Public API of @tessera/cli: the `tessera` command's entry point, and the pieces reusable by another terminal host.
export { runCli, VERSION, type CliIo } from './run-cli';
export type { SignalSource } from './input/interrupt';
export { CliError } from './errors/cli-error';
export { parseCommandLine, type CommandLine, type Parsed as ParsedCommandLine } from './command/parse-command-line';
export type { CommandName } from './command/commands';
export type { Target } from './command/target';
export type { OAuthSettings } from './connect/cli-auth';
export { fieldsFromSchema } from './form/fields-from-schema';
export type { Choice, FieldBase, FieldKind, FieldSpec, StringFormat } from './form/field-spec';
export { checkValue } from './form/check-value';
export { FormSchemaError } from './errors/form-schema-error';
export { loadAnswers, parseAnswers, type Answers } from './answers/answers-file';
export { answerFromFile } from './answers/answer-from-file';
export { samplingAnswer } from './input/sampling-command';
