import { inputRequired, UrlElicitationRequiredError, type InputRequiredResult } from '@modelcontextprotocol/server';
import { IsIn, IsString } from 'class-validator';
import {
  Args,
  createApp,
  Ctx,
  Elicit,
  Elicitation,
  ExecutionContext,
  Field,
  Provider,
  RequestStateSecurity,
  silentLogger,
  Tool,
  type TesseraApp,
} from '@tessera/core';
import { oneTokenVerifier } from '../../e2e/two-paths-divergences.fixture';

export class Where {
  @Field({ title: 'Region' })
  @IsIn(['eu', 'us'])
  region!: string;
}

export class Sure {
  @IsString()
  answer!: string;
}

export class Named {
  @Field({ description: 'What to name it' })
  @IsString()
  name!: string;
}

/** The clock every sealed state of the flows app is read against: a test moves it to expire them. */
export const flowClock = { now: Date.now() };

@Provider()
class FlowTools {
  @Tool({ description: 'Asks where, then confirms, then answers' })
  provision(
    @Args() args: Named,
    @Elicit({ key: 'region', message: ({ args }) => `Region for ${String(args.name)}?`, schema: Where }) where: Where,
    @Elicit({
      key: 'sure',
      after: ['region'],
      message: ({ answers }) => `Really ${(answers.region as Where).region}?`,
      schema: Sure,
    })
    sure: Sure,
  ): string {
    return `${args.name} in ${where.region} (${sure.answer})`;
  }

  @Tool({ description: 'Sees a decline' })
  polite(@Elicit({ key: 'choice', message: 'Region?', schema: Where }) choice: Elicitation<Where>): string {
    return choice.action === 'accept' ? `chose ${choice.content.region}` : `user said ${choice.action}`;
  }

  @Tool({ description: 'Asks, and reports what its context holds once answered' })
  nosy(
    @Ctx() ctx: ExecutionContext,
    @Elicit({ key: 'choice', message: 'Region?', schema: Where }) choice: Where,
  ): unknown {
    return {
      choice: choice.region,
      inputResponses: ctx.inputResponses ?? null,
      dropped: (ctx.sdk.mcpReq as { droppedInputResponseKeys?: unknown }).droppedInputResponseKeys ?? null,
      state: typeof ctx.sdk.mcpReq.requestState(),
    };
  }

  @Tool({ description: 'Asks, logging and reporting progress on the way' })
  async chattyAsk(
    @Ctx() ctx: ExecutionContext,
    @Elicit({ key: 'choice', message: 'Region?', schema: Where }) choice: Where,
  ): Promise<string> {
    await ctx.log('info', `chose ${choice.region}`);
    await ctx.progress(1, 1);
    return choice.region;
  }

  @Tool({ description: 'Returns its own input-required result, with its own state', returnsInputRequired: true })
  direct(@Ctx() ctx: ExecutionContext): InputRequiredResult | string {
    if (ctx.requestState === 'step-2') return 'done';
    return inputRequired({
      inputRequests: {
        ok: inputRequired.elicit({ message: 'ok?', requestedSchema: { type: 'object', properties: {} } }),
      },
      requestState: 'step-2',
    });
  }

  @Tool({ description: 'Returns its own request for sampling', returnsInputRequired: true })
  sampler(): InputRequiredResult {
    return inputRequired({
      inputRequests: { summary: inputRequired.createMessage({ messages: [], maxTokens: 5 }) },
    });
  }

  @Tool({ description: 'Returns an input-required result with nothing in it', returnsInputRequired: true })
  hollow(): InputRequiredResult {
    return { resultType: 'input_required' } as InputRequiredResult;
  }

  @Tool({ description: 'Returns an input request of a kind the revision does not define', returnsInputRequired: true })
  oddAsk(): InputRequiredResult {
    return { resultType: 'input_required', inputRequests: { x: { method: 'ping' } } } as never;
  }

  @Tool({ description: 'Throws the 2025 URL elicitation error' })
  urlThrow(): never {
    throw new UrlElicitationRequiredError([
      { mode: 'url', message: 'Sign in', url: 'https://example.com/in', elicitationId: 'e1' },
    ]);
  }
}

/**
 * The app of two-paths-flows.test.ts: flows of every shape, their states read against `flowClock`; with
 * `telemetry`, and with bearer auth (`oneTokenVerifier`: a state is bound to the verified caller) as asked.
 */
export function flowsApp(options: { telemetry?: boolean; auth?: boolean } = {}): TesseraApp {
  return createApp(
    {
      name: 'flows',
      version: '1.0.0',
      providers: [FlowTools],
      logger: silentLogger,
      security: new RequestStateSecurity({ keys: ['k'.repeat(32)], clock: () => flowClock.now }) as never,
      ...(options.telemetry && { telemetry: true }),
    },
    options.auth ? { auth: { verifier: oneTokenVerifier } } : {},
  );
}
