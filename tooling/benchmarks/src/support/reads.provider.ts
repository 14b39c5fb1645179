import { IsString } from '@tessera/core/validators';
import { Args, Field, Prompt, Provider, Resource, ResourceTemplate } from '@tessera/core';
import type { WireCall } from './wire';

export class BriefArgs {
  @Field({ description: 'What the brief is about' })
  @IsString()
  topic!: string;
}

export class NoteVars {
  @IsString()
  id!: string;
}

/**
 * A prompt with one argument, a static resource and a template, beside the echo tool of the bench's
 * Tessera apps, so that work-http.ts can count what a `prompts/get` and a `resources/read` cost.
 */
@Provider()
export class BenchReads {
  @Prompt({ description: 'Writes a brief on a topic' })
  brief(@Args() args: BriefArgs): string {
    return `Write a brief on ${args.topic}`;
  }

  @Resource('bench://status', { mimeType: 'application/json' })
  status(): unknown {
    return { ok: true };
  }

  @ResourceTemplate('bench://notes/{id}')
  note(@Args() vars: NoteVars): string {
    return `note ${vars.id}`;
  }
}

/** The requests work-http.ts sends besides `tools/call` (named by method; the template's read by `template`). */
export const READ_CALLS: Record<string, WireCall> = {
  'prompts/get': { method: 'prompts/get', params: { name: 'brief', arguments: { topic: 'bees' } } },
  'resources/read': { method: 'resources/read', params: { uri: 'bench://status' } },
  template: { method: 'resources/read', params: { uri: 'bench://notes/n-1' } },
};
