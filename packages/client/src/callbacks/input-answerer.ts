import type {
  CreateMessageRequest,
  ElicitRequest,
  ElicitResult,
  InputRequest,
  InputResponse,
} from '@modelcontextprotocol/client';
import { InputCallbackFailedError } from '../errors/input-callback-failed.error';
import { InputRequestRefusedError } from '../errors/input-request-refused.error';
import { MissingInputCallbackError } from '../errors/missing-input-callback.error';
import { TesseraClientError } from '../errors/tessera-client-error';
import { withSchemaDefaults } from './elicitation-defaults';
import type { ElicitationAnswer, InputCallbackContext, InputCallbacks } from './input-callbacks.types';
import type { InputKind } from './input-kind';
import { isRefused, type RefusePolicy } from './refuse-policy';

/**
 * Routes one input request to its callback. Shared by MRTR rounds and 2025-era push requests so both eras
 * apply the same callbacks, the same refusals and the same errors.
 */
export class InputAnswerer {
  constructor(
    private readonly callbacks: InputCallbacks,
    private readonly refuse: RefusePolicy | undefined,
  ) {}

  /** Throws if this request would be refused or has no callback; called for every request before any is answered. */
  assertAnswerable(
    kind: InputKind,
    request: InputRequest,
    where: string,
    context: Omit<InputCallbackContext, 'signal'>,
  ): void {
    if (isRefused(this.refuse, { kind, request, key: context.key, call: context.call })) {
      throw new InputRequestRefusedError(kind, context.key, where);
    }
    if (!this.has(kind)) throw new MissingInputCallbackError(kind, context.key, where);
  }

  async answer(
    kind: InputKind,
    request: InputRequest,
    where: string,
    context: InputCallbackContext,
  ): Promise<InputResponse> {
    try {
      return await this.invoke(kind, request, context);
    } catch (error) {
      if (TesseraClientError.isInstance(error)) throw error;
      throw new InputCallbackFailedError(kind, context.key, where, error);
    }
  }

  /** Whether the client was given the callback for this kind (and so declares its capability). */
  has(kind: InputKind): boolean {
    if (kind === 'elicitation') return this.callbacks.elicitation !== undefined;
    if (kind === 'sampling') return this.callbacks.sampling !== undefined;
    return this.callbacks.listRoots !== undefined;
  }

  private async invoke(kind: InputKind, request: InputRequest, context: InputCallbackContext): Promise<InputResponse> {
    const { elicitation, sampling, listRoots } = this.callbacks;
    if (kind === 'elicitation' && elicitation !== undefined) {
      const handle = typeof elicitation === 'function' ? elicitation : elicitation.handle;
      const params = (request as ElicitRequest).params;
      return withSchemaDefaults(params, toElicitResult(await handle(params, context)));
    }
    if (kind === 'sampling' && sampling !== undefined)
      return sampling((request as CreateMessageRequest).params, context);
    if (kind === 'roots' && listRoots !== undefined) return listRoots(context);
    // assertAnswerable runs first on every path, so this is only reached if callbacks changed underneath us.
    throw new MissingInputCallbackError(kind, context.key, 'the server');
  }
}

/** The answer as sent: `content` fields left `undefined` are dropped (JSON would drop them too, hooks see the same). */
function toElicitResult(answer: ElicitationAnswer): ElicitResult {
  const content = answer.content;
  if (content === undefined || typeof content !== 'object' || content === null) return answer as ElicitResult;
  if (!Object.values(content).some((v) => v === undefined)) return answer as ElicitResult;
  const kept = Object.fromEntries(Object.entries(content).filter(([, v]) => v !== undefined));
  return { ...answer, content: kept } as ElicitResult;
}
