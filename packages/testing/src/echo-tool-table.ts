import { IsString } from '@tessera/core/validators';
import { Args, Field, Provider, Tool } from '@tessera/core';

/**
 * Providers for an app with `toolCount` tools laid out the way an application has them: an `echo` tool
 * (`{ text }` -> the text) plus fillers `tool_1`, `tool_2`, ..., each with an args DTO class of its own,
 * ten tools per provider class. For checking that a cost per call (time, work, memory) does not grow with
 * the size of the tool table: call `echo`, vary `toolCount`. The benchmarks and core's perf test share it.
 */
export function echoToolTable(toolCount: number): Array<new () => object> {
  if (!Number.isInteger(toolCount) || toolCount < 1)
    throw new RangeError(`echoToolTable: toolCount must be a whole number >= 1, got ${toolCount}`);
  const providers: Array<new () => object> = [EchoTools];
  for (let i = 1; i < toolCount; i += TOOLS_PER_PROVIDER)
    providers.push(fillerProvider(i, Math.min(TOOLS_PER_PROVIDER, toolCount - i)));
  return providers;
}

/** Filler tool `i` is `tool_<i>` (the benchmarks' raw-SDK servers name theirs the same way). */
const fillerName = (i: number): string => `tool_${i}`;

export class EchoArgs {
  @Field({ description: 'Text to echo' })
  @IsString()
  text!: string;
}

@Provider()
class EchoTools {
  @Tool({ description: 'Echo the text' })
  echo(@Args() args: EchoArgs): string {
    return args.text;
  }
}

/** Ten tools per class: 1000 tools come as 100 classes, the way an application groups them. */
const TOOLS_PER_PROVIDER = 10;

/** A DTO class of its own for one filler tool (as a user writes one args class per tool), shaped like EchoArgs. */
function fillerArgs(i: number): new () => { text: string } {
  class FillerArgs {
    text!: string;
  }
  Object.defineProperty(FillerArgs, 'name', { value: `Tool${i}Args` });
  // Decorators applied by hand, since the classes are made at run time; `type` stands in for the reflected one.
  Field({ description: 'Text to echo', type: () => String })(FillerArgs.prototype, 'text');
  IsString()(FillerArgs.prototype, 'text');
  return FillerArgs;
}

function fillerProvider(from: number, count: number): new () => object {
  class Filler {}
  Object.defineProperty(Filler, 'name', { value: `Filler${from}` });
  for (let i = from; i < from + count; i++) {
    const name = fillerName(i);
    Object.defineProperty(Filler.prototype, name, {
      value: (args: { text: string }) => args.text,
      writable: true,
      configurable: true,
    });
    const dto = fillerArgs(i);
    Args(() => dto)(Filler.prototype, name, 0);
    Tool({ description: `Filler tool ${i}` })(
      Filler.prototype,
      name,
      Object.getOwnPropertyDescriptor(Filler.prototype, name)!,
    );
  }
  Provider()(Filler);
  return Filler;
}
