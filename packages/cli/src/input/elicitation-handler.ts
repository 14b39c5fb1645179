import type { ElicitationHandler } from '@tessera/client';
import { terminalSafe } from '../output/terminal-safe';
import type { ElicitRequestURLParams, ElicitResult } from '@modelcontextprotocol/client';
import { answerFromFile } from '../answers/answer-from-file';
import type { Answers } from '../answers/answers-file';
import { CliError } from '../errors/cli-error';
import { askAction, askForm } from '../form/ask-form';
import { fieldsFromSchema } from '../form/fields-from-schema';
import { oneAtATime } from './one-at-a-time';
import type { PromptContext } from '../form/prompt-context';

export interface ElicitationSettings {
  answers?: Answers;
  /** Whether a person can be asked (stdin is a terminal). */
  interactive: boolean;
  /** Prompt streams; the call's abort signal is added per question. */
  prompt: Omit<PromptContext, 'signal'>;
  /** Writes a line for the user (stderr), clearing the progress bar first. */
  say: (line: string) => void;
  /** The terminal's one queue of prompts, shared with the other callbacks that may ask. */
  queue?: ReturnType<typeof oneAtATime>;
}

/**
 * Answers every elicitation: from the answers file when it has the question's key (2026 rounds) or message
 * (2025-era pushes carry no key), else by asking in the terminal, else a clear error naming the question.
 * URL mode is declared too: the URL is shown and the user consents or not.
 */
export function createElicitationHandler(settings: ElicitationSettings): ElicitationHandler {
  const queue = settings.queue ?? oneAtATime();
  return {
    url: true,
    handle: async (params, { key, signal }) => {
      const lookup = key ?? params.message;
      const question =
        key === undefined ? `the question "${params.message}"` : `question "${key}" ("${params.message}")`;
      const url = params.mode === 'url' ? (params as ElicitRequestURLParams).url : undefined;
      const fields =
        url === undefined ? fieldsFromSchema((params as { requestedSchema?: unknown }).requestedSchema) : undefined;
      const tag = key === undefined ? '' : `[${terminalSafe(key)}] `;
      const message = terminalSafe(params.message);
      if (settings.answers?.has(lookup)) {
        const answer = answerFromFile(settings.answers.get(lookup), fields, question);
        // the user sees what was sent in their name, as if they had typed it
        settings.say(`${tag}${message} ${describeAnswer(answer)} (from --answers)`);
        return answer;
      }
      if (!settings.interactive) {
        const where =
          settings.answers === undefined ? 'no --answers file was given' : `the answers file has no "${lookup}" entry`;
        throw new CliError(`${question} has no answer: stdin is not a terminal and ${where}`);
      }
      const context = { ...settings.prompt, signal };
      return queue(async () => {
        signal.throwIfAborted();
        if (fields !== undefined) return askForm(`${tag}${message}`, fields, context);
        settings.say(`${tag}The server asks you to open this URL:\n  ${terminalSafe(url ?? '')}`);
        return { action: await askAction(message, 'I opened it: continue', context) };
      });
    },
  };
}

/** `accept {"region":"eu"}`, `decline`, `cancel`: an answer as echoed on the terminal. */
function describeAnswer(answer: ElicitResult): string {
  return answer.action === 'accept' && answer.content !== undefined
    ? `accept ${terminalSafe(JSON.stringify(answer.content))}`
    : answer.action;
}
