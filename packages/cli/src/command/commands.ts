/** The commands `tessera` runs. */
export type CommandName = 'tools' | 'prompts' | 'resources' | 'call' | 'prompt' | 'read' | 'skills' | 'skill';

/** What each command takes after its target, and its one-line summary (the help is built from this table). */
export const COMMANDS: {
  readonly [name in CommandName]: { readonly operands: readonly string[]; readonly summary: string };
} = {
  tools: { operands: [], summary: 'list the tools, with their arguments' },
  prompts: { operands: [], summary: 'list the prompts, with their arguments' },
  resources: { operands: [], summary: 'list the resources and resource templates' },
  call: { operands: ['tool', '[json]'], summary: 'call a tool with JSON arguments, answering its questions' },
  prompt: { operands: ['name', '[json]'], summary: 'get a prompt with JSON arguments, answering its questions' },
  read: { operands: ['uri'], summary: 'read a resource, answering its questions' },
  skills: { operands: [], summary: 'list the agent skills, with their files (none is fetched)' },
  skill: { operands: ['name', '[file]'], summary: "print a skill's SKILL.md, or one of its files, once verified" },
};

export function isCommandName(value: string): value is CommandName {
  return Object.hasOwn(COMMANDS, value);
}
