import { readFileSync } from 'node:fs';
import { CliError } from '../errors/cli-error';

/** Prepared answers by question key (`--answers file.json`), for runs without a terminal or to skip typing. */
export type Answers = ReadonlyMap<string, unknown>;

/** Reads and checks the shape of an answers file: one JSON object whose keys are question keys. */
export function loadAnswers(path: string): Answers {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new CliError(
      `cannot read the answers file ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
    );
  }
  return parseAnswers(text, path);
}

export function parseAnswers(text: string, source: string): Answers {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new CliError(`the answers file ${source} is not valid JSON: ${(error as Error).message}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new CliError(
      `the answers file ${source} must hold one JSON object, keyed by question key ({ "audience": { "audience": "executives" } })`,
    );
  }
  return new Map(Object.entries(parsed));
}
