import type { Prompt as RemotePrompt } from '@modelcontextprotocol/server';
import { Field, type Class } from '@tessera/core';

/** A DTO for a remote prompt's arguments (strings, as prompts take), so `prompts/list` lists them as the remote does. */
export function promptArgumentsDto(prompt: RemotePrompt): Class {
  const name = `${prompt.name.replace(/[^A-Za-z0-9_]/g, '_')}Arguments`;
  const dto = { [name]: class {} }[name];
  for (const argument of prompt.arguments ?? []) {
    Field({
      type: () => String,
      ...(argument.description !== undefined && { description: argument.description }),
      optional: argument.required !== true,
    })(dto.prototype, argument.name);
  }
  return dto;
}
