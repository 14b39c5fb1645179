import { IsBoolean, IsNumber, IsOptional, IsString, Max, Min } from 'class-validator';
import {
  inputRequired,
  ProtocolError,
  type CallToolResult,
  type InputRequiredResult,
} from '@modelcontextprotocol/server';
import { Args, Ctx, Elicit, ExecutionContext, JsonRpcCode, Provider, Tool, ToolError } from '@tessera/core';
import { elicit, elicitAnswer, responsesOf } from './input-responses';

class GreetArgs {
  @IsString()
  name!: string;
}

class ComputeArgs {
  @IsNumber()
  @Min(0)
  @Max(600)
  seconds!: number;

  @IsOptional()
  @IsString()
  label?: string;
}

class DeleteArgs {
  @IsOptional()
  @IsString()
  filename?: string;
}

class Confirmation {
  @IsOptional()
  @IsBoolean()
  confirm?: boolean;
}

class NamedConfirmation {
  @IsOptional()
  @IsString()
  name?: string;

  @IsOptional()
  @IsBoolean()
  confirm?: boolean;
}

/** Waits `ms`, or rejects as soon as the task is cancelled (its signal aborts). */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

const text = (t: string): CallToolResult => ({ content: [{ type: 'text', text: t }] });

/**
 * The Tasks-extension (SEP-2663) fixtures the suite's `tasks-*` scenarios name, as Tessera task tools:
 * `@Tool({ task })`, questions as `@Elicit` parameters (asked inside the task), status through `ctx.task`,
 * and cancellation through the call's abort signal.
 */
@Provider()
export class TaskTools {
  @Tool({ description: 'Sync-only greeting: never a task.' })
  greet(@Args() args: GreetArgs): string {
    return `Hello, ${args.name}!`;
  }

  @Tool({ description: 'Sleeps `seconds` seconds as a task, then reports; cancellable.', task: 'optional' })
  async slow_compute(@Args() args: ComputeArgs, @Ctx() ctx: ExecutionContext): Promise<string> {
    await ctx.task?.status(`computing${args.label ? ` ${args.label}` : ''} for ${args.seconds}s`);
    await sleep(args.seconds * 1000, ctx.signal);
    return `Computed ${args.label ?? 'result'} after ${args.seconds}s`;
  }

  @Tool({ description: 'A task whose tool reports an error after about a second.', task: 'required' })
  async failing_job(@Ctx() ctx: ExecutionContext): Promise<never> {
    await sleep(1000, ctx.signal);
    throw new ToolError('Tool execution failed: the job could not finish.');
  }

  @Tool({ description: 'A task that ends in a protocol-level error.', task: 'optional' })
  async protocol_error_job(@Ctx() ctx: ExecutionContext): Promise<never> {
    await sleep(200, ctx.signal);
    throw new ProtocolError(JsonRpcCode.InternalError, 'The job hit an internal protocol error.');
  }

  @Tool({ description: 'Asks for confirmation inside the task, then deletes (pretends to).', task: 'optional' })
  confirm_delete(
    @Args() args: DeleteArgs,
    @Elicit({ key: 'confirm', message: 'Delete this file?', schema: Confirmation }) answer: Confirmation,
  ): string {
    return answer.confirm === false ? `Kept ${args.filename ?? 'the file'}` : `Deleted ${args.filename ?? 'the file'}`;
  }

  @Tool({ description: 'Asks two questions at once inside the task.', task: 'optional' })
  multi_input(
    @Elicit({ key: 'first', message: 'First input?', schema: NamedConfirmation }) first: NamedConfirmation,
    @Elicit({ key: 'second', message: 'Second input?', schema: NamedConfirmation }) second: NamedConfirmation,
  ): string {
    return `Got ${first.name ?? 'first'} and ${second.name ?? 'second'}`;
  }

  @Tool({
    description: 'Asks a name by multi-round-trip before the task exists, then delivers its greeting as a task.',
    task: 'required',
    returnsInputRequired: true,
  })
  test_tool_with_task(@Ctx() ctx: ExecutionContext): CallToolResult | InputRequiredResult {
    const answer = elicitAnswer(responsesOf(ctx), 'user_name', { name: 'string' });
    if (!answer || answer.action !== 'accept')
      return inputRequired({
        inputRequests: { user_name: elicit('What is your name?', { name: { type: 'string' } }) },
      });
    return text(`Hello, ${String(answer.content.name)}!`);
  }
}
