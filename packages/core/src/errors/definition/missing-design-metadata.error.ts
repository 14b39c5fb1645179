import { TesseraErrorCode } from '../codes';
import { TesseraError } from '../tessera-error';

/**
 * A class compiled without TypeScript's `emitDecoratorMetadata` (esbuild, and the bundlers and runtimes
 * that transpile with it or with swc's defaults), where Tessera needs a type it records.
 */
export class MissingDesignMetadataError extends TesseraError {
  constructor(where: string, needs: string) {
    super(
      TesseraErrorCode.MissingDesignMetadata,
      `${where} has no design:paramtypes metadata, and ${needs} needs it: this code was compiled without ` +
        "TypeScript's emitDecoratorMetadata (esbuild, and wrangler, tsx, Vite or a runtime that transpiles with it, " +
        'do not write it). Compile with tsc (experimentalDecorators and emitDecoratorMetadata in tsconfig.json) and ' +
        'run or bundle its output, or use a transpiler set to emit it (swc with decoratorMetadata: true). ' +
        "Or name the types yourself: @Args(() => Dto), @Elicit({ inject: 'value' }), @inject(Token) on constructor parameters.",
    );
  }
}
