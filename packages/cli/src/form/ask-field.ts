import { checkbox, confirm, input, number, select } from '@inquirer/prompts';
import { terminalSafe } from '../output/terminal-safe';
import type { PromptContext } from './prompt-context';
import { checkValue } from './check-value';
import { fieldMessage } from './field-message';
import type { FieldSpec } from './field-spec';

// A select's "leave it out" entry; no schema option can be this value (it is not a string).
const SKIP = Symbol('skip');

const asValidation = (field: FieldSpec, value: unknown): true | string => {
  const problem = checkValue(field, value);
  return problem === undefined ? true : `${field.label} ${problem}`;
};

/**
 * Asks one form field with the prompt that fits its kind, re-asking on the spot until the answer passes the same
 * checks the answers file gets. Returns undefined for an optional field left empty (the key is then omitted).
 */
export async function askField(field: FieldSpec, context: PromptContext): Promise<unknown> {
  const message = fieldMessage(field);
  switch (field.kind) {
    case 'string': {
      const raw = await input(
        {
          message,
          default: field.default,
          required: field.required,
          validate: (value) => asValidation(field, value === '' && !field.required ? undefined : value),
        },
        context,
      );
      return raw === '' && !field.required ? undefined : raw;
    }
    case 'number':
    case 'integer':
      return number(
        {
          message,
          default: field.default,
          min: field.minimum,
          max: field.maximum,
          step: field.kind === 'integer' ? 1 : 'any',
          required: field.required,
          validate: (value) => asValidation(field, value),
        },
        context,
      );
    case 'boolean': {
      if (field.required || field.default !== undefined)
        return confirm({ message, default: field.default ?? false }, context);
      const choice = await select<boolean | typeof SKIP>(
        {
          message,
          choices: [
            { name: 'yes', value: true },
            { name: 'no', value: false },
            { name: '(leave empty)', value: SKIP },
          ],
        },
        context,
      );
      return choice === SKIP ? undefined : choice;
    }
    case 'enum': {
      const choices: { name: string; value: string | typeof SKIP }[] = field.choices.map((c) => ({
        name: terminalSafe(c.title),
        value: c.value,
      }));
      if (!field.required) choices.push({ name: '(leave empty)', value: SKIP });
      const choice = await select({ message, choices, default: field.default }, context);
      return choice === SKIP ? undefined : choice;
    }
    case 'multi': {
      const chosen = new Set(field.default ?? []);
      return checkbox(
        {
          message,
          choices: field.choices.map((c) => ({
            name: terminalSafe(c.title),
            value: c.value,
            checked: chosen.has(c.value),
          })),
          validate: (selected) =>
            asValidation(
              field,
              selected.map((c) => c.value),
            ),
        },
        context,
      );
    }
  }
}
