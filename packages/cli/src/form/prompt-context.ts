import type { input } from '@inquirer/prompts';

/** Where prompts read keys and draw (stdin, and stderr so that stdout carries only the result), and their abort signal. */
export type PromptContext = NonNullable<Parameters<typeof input>[1]>;
