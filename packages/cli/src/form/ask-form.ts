import { select } from '@inquirer/prompts';
import type { ElicitResult } from '@modelcontextprotocol/client';
import { askField } from './ask-field';
import type { FieldSpec } from './field-spec';
import type { PromptContext } from './prompt-context';

type Action = ElicitResult['action'];

/** First the choice every elicitation offers (answer, decline, cancel), under the server's message. */
export function askAction(message: string, acceptLabel: string, context: PromptContext): Promise<Action> {
  return select<Action>(
    {
      message,
      choices: [
        { name: acceptLabel, value: 'accept' },
        {
          name: 'Decline',
          value: 'decline',
          description: 'say no: the server decides what follows, often the request ends with an error',
        },
        { name: 'Cancel', value: 'cancel', description: 'dismiss the question without choosing' },
      ],
    },
    context,
  );
}

/** A form elicitation, interactively: the action, then one prompt per field in the server's order. */
export async function askForm(
  message: string,
  fields: readonly FieldSpec[],
  context: PromptContext,
): Promise<ElicitResult> {
  const action = await askAction(message, 'Answer', context);
  if (action !== 'accept') return { action };
  const content: Record<string, unknown> = {};
  for (const field of fields) {
    const value = await askField(field, context);
    if (value !== undefined) content[field.name] = value;
  }
  return { action, content: content as ElicitResult['content'] };
}
