import type { CallToolResult } from '@modelcontextprotocol/server';
import { Ctx, ExecutionContext, Provider, Tool, ToolError } from '@tessera/core';
import { PNG_1X1_BASE64, WAV_SILENCE_BASE64 } from './media';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The carried-forward "everything" tools (tools-call-* scenarios). None takes arguments. */
@Provider()
export class ContentTools {
  @Tool({ description: 'Returns a simple text response.' })
  test_simple_text(): string {
    return 'This is a simple text response for testing.';
  }

  @Tool({ description: 'Returns an image content block.' })
  test_image_content(): CallToolResult {
    return { content: [{ type: 'image', data: PNG_1X1_BASE64, mimeType: 'image/png' }] };
  }

  @Tool({ description: 'Returns an audio content block.' })
  test_audio_content(): CallToolResult {
    return { content: [{ type: 'audio', data: WAV_SILENCE_BASE64, mimeType: 'audio/wav' }] };
  }

  @Tool({ description: 'Returns an embedded text resource.' })
  test_embedded_resource(): CallToolResult {
    return {
      content: [
        {
          type: 'resource',
          resource: {
            uri: 'test://embedded-resource',
            mimeType: 'text/plain',
            text: 'This is an embedded resource content.',
          },
        },
      ],
    };
  }

  @Tool({ description: 'Returns text, an image and an embedded resource.' })
  test_multiple_content_types(): CallToolResult {
    return {
      content: [
        { type: 'text', text: 'Multiple content types test:' },
        { type: 'image', data: PNG_1X1_BASE64, mimeType: 'image/png' },
        {
          type: 'resource',
          resource: {
            uri: 'test://mixed-content-resource',
            mimeType: 'application/json',
            text: JSON.stringify({ test: 'data', value: 123 }),
          },
        },
      ],
    };
  }

  @Tool({ description: 'Always answers with a tool error.' })
  test_error_handling(): never {
    throw new ToolError('This tool intentionally returns an error for testing');
  }

  @Tool({ description: 'Reports progress 0, 50 and 100 of 100, then answers.' })
  async test_tool_with_progress(@Ctx() ctx: ExecutionContext): Promise<string> {
    for (const progress of [0, 50, 100]) {
      await ctx.progress(progress, 100, `step ${progress}`);
      if (progress < 100) await sleep(50);
    }
    return 'Progress reporting complete.';
  }
}
