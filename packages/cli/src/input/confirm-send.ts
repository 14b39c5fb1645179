import { confirm } from '@inquirer/prompts';
import { CliError } from '../errors/cli-error';
import type { PromptContext } from '../form/prompt-context';

export interface ConfirmSettings {
  /** `--yes`: show what is sent, ask nothing. */
  yes: boolean;
  /** Whether a person can be asked (stdin is a terminal). */
  interactive: boolean;
  prompt: Omit<PromptContext, 'signal'>;
  say: (line: string) => void;
}

/**
 * Shows what tessera is about to send in the user's name without a question to them (the roots, a sampling
 * command's answer), then asks before it goes, on a terminal and without `--yes`. Without a terminal there is
 * nobody to ask: it is shown and sent. A refusal ends the call with an error naming what was withheld.
 */
export async function confirmSend(
  what: string,
  shown: string,
  settings: ConfirmSettings,
  signal: AbortSignal,
): Promise<void> {
  settings.say(`tessera sends ${what}: ${shown}`);
  if (settings.yes || !settings.interactive) return;
  const ok = await confirm({ message: `Send ${what}?`, default: true }, { ...settings.prompt, signal });
  if (!ok) throw new CliError(`you chose not to send ${what}, so the call stops here`);
}
