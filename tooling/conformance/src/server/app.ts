import type { AppModule } from '@tessera/core';
import { ContentPrompts } from './content.prompts';
import { ContentResources } from './content.resources';
import { ContentTools } from './content.tools';
import { DiagnosticTools } from './diagnostics.tools';
import { MrtrPrompts, MrtrTools } from './mrtr.dependencies';
import { MrtrDirectTools } from './mrtr.tools';
import { PushTools } from './push.tools';
import { TaskTools } from './tasks.tools';
import { SchemaTools } from './schema.tools';

/** The "everything" server of the official conformance suite, as one Tessera application module. */
export const conformanceModule: AppModule = {
  name: 'tessera-conformance-server',
  version: '0.1.0',
  providers: [
    ContentTools,
    MrtrTools,
    MrtrDirectTools,
    DiagnosticTools,
    PushTools,
    TaskTools,
    SchemaTools,
    ContentPrompts,
    MrtrPrompts,
    ContentResources,
  ],
  tasks: { pollIntervalMs: 500 },
};
