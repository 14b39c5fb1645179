import { IsString } from 'class-validator';
import type { GetPromptResult } from '@modelcontextprotocol/server';
import { Args, Field, Prompt, Provider } from '@tessera/core';
import { PNG_1X1_BASE64 } from './media';

export class PromptWithArguments {
  @Field({ description: 'First argument' })
  @IsString()
  arg1!: string;

  @Field({ description: 'Second argument' })
  @IsString()
  arg2!: string;
}

export class PromptWithResource {
  @Field({ description: 'URI of the resource to embed' })
  @IsString()
  resourceUri!: string;
}

/** The carried-forward prompt fixtures (prompts-* scenarios). */
@Provider()
export class ContentPrompts {
  @Prompt({ description: 'A simple prompt without arguments.' })
  test_simple_prompt(): string {
    return 'This is a simple prompt for testing.';
  }

  @Prompt({ description: 'A prompt with two required arguments.' })
  test_prompt_with_arguments(@Args() args: PromptWithArguments): string {
    return `Prompt with arguments: arg1='${args.arg1}', arg2='${args.arg2}'`;
  }

  @Prompt({ description: 'A prompt that embeds a resource.' })
  test_prompt_with_embedded_resource(@Args() args: PromptWithResource): GetPromptResult {
    return {
      messages: [
        {
          role: 'user',
          content: {
            type: 'resource',
            resource: { uri: args.resourceUri, mimeType: 'text/plain', text: 'Embedded resource content for testing.' },
          },
        },
        { role: 'user', content: { type: 'text', text: 'Please process the embedded resource above.' } },
      ],
    };
  }

  @Prompt({ description: 'A prompt with an image.' })
  test_prompt_with_image(): GetPromptResult {
    return {
      messages: [
        { role: 'user', content: { type: 'image', data: PNG_1X1_BASE64, mimeType: 'image/png' } },
        { role: 'user', content: { type: 'text', text: 'Please analyze the image above.' } },
      ],
    };
  }
}
