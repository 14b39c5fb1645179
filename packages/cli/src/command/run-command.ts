import { METHOD_NOT_FOUND, type Prompt, type Tool } from '@modelcontextprotocol/client';
import type { TesseraClient } from '@tessera/client';
import { CliError } from '../errors/cli-error';
import { listAll } from '../connect/list-all';
import { formatPrompts, formatResources, formatTools } from '../output/format-listing';
import { appViewNote, appViewOf } from '../output/app-view';
import { formatPromptResult, formatReadResult, formatToolResult } from '../output/format-result';
import type { ProgressBar } from '../output/progress-bar';
import type { Interrupt } from '../input/interrupt';
import { callTool } from './call-tool';
import type { CommandOutput } from './command-output';
import { listSkills, readSkill } from './skill-commands';
import type { CommandLine } from './parse-command-line';

const tools = (client: TesseraClient): Promise<Tool[]> =>
  listAll(async (cursor) => {
    const page = await client.listTools(cursor === undefined ? undefined : { cursor });
    return { items: page.tools, nextCursor: page.nextCursor };
  });

const prompts = (client: TesseraClient): Promise<Prompt[]> =>
  listAll(async (cursor) => {
    const page = await client.sdk.listPrompts(cursor === undefined ? undefined : { cursor });
    return { items: page.prompts, nextCursor: page.nextCursor };
  });

function requireCapability(client: TesseraClient, capability: 'tools' | 'prompts' | 'resources'): void {
  if (client.sdk.getServerCapabilities()?.[capability] === undefined)
    throw new CliError(`the server offers no ${capability}`);
}

function requireKnown(kind: 'tool' | 'prompt', name: string, known: readonly { name: string }[]): void {
  if (known.some((k) => k.name === name)) return;
  const names = known.map((k) => k.name);
  throw new CliError(
    `unknown ${kind} "${name}"; the server has ${names.length === 0 ? `no ${kind}s` : names.join(', ')}`,
  );
}

/** Runs one parsed command against a connected client. */
export async function runCommand(
  line: CommandLine,
  client: TesseraClient,
  progress: ProgressBar,
  interrupt: Interrupt,
): Promise<CommandOutput> {
  const onprogress = (p: Parameters<ProgressBar['update']>[0]): void => progress.update(p);
  const signal = interrupt.signal;
  switch (line.command) {
    case 'tools': {
      requireCapability(client, 'tools');
      const all = await tools(client);
      return { raw: { tools: all }, text: formatTools(all) };
    }
    case 'prompts': {
      requireCapability(client, 'prompts');
      const all = await prompts(client);
      return { raw: { prompts: all }, text: formatPrompts(all) };
    }
    case 'resources': {
      requireCapability(client, 'resources');
      const resources = await listAll(async (cursor) => {
        const page = await client.sdk.listResources(cursor === undefined ? undefined : { cursor });
        return { items: page.resources, nextCursor: page.nextCursor };
      });
      const templates = await listAll(async (cursor) => {
        const page = await client.sdk.listResourceTemplates(cursor === undefined ? undefined : { cursor });
        return { items: page.resourceTemplates, nextCursor: page.nextCursor };
      }).catch((error: unknown) => {
        // A server with static resources only may not implement the templates list at all.
        if ((error as { code?: unknown }).code === METHOD_NOT_FOUND) return [];
        throw error;
      });
      return { raw: { resources, resourceTemplates: templates }, text: formatResources(resources, templates) };
    }
    case 'call': {
      requireCapability(client, 'tools');
      const listed = await tools(client);
      requireKnown('tool', line.name!, listed);
      const result = await callTool(
        client,
        { name: line.name!, arguments: line.arguments ?? {} },
        { progress, interrupt },
      );
      const view = appViewOf(listed.find((t) => t.name === line.name));
      const text = formatToolResult(result);
      return {
        raw: result,
        text: view === undefined ? text : `(${line.name} ${appViewNote(view)})\n${text}`,
        isError: result.isError === true,
      };
    }
    case 'prompt': {
      requireCapability(client, 'prompts');
      requireKnown('prompt', line.name!, await prompts(client));
      const args = Object.fromEntries(
        Object.entries(line.arguments ?? {}).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
      );
      const result = await client.getPrompt({ name: line.name!, arguments: args }, { onprogress, signal });
      return { raw: result, text: formatPromptResult(result) };
    }
    case 'read': {
      requireCapability(client, 'resources');
      const result = await client.readResource({ uri: line.name! }, { onprogress, signal });
      return { raw: result, text: formatReadResult(result) };
    }
    case 'skills':
      return listSkills(client);
    case 'skill':
      return readSkill(client, line.name!, line.file);
  }
}
