import { createApp, type AppModule } from '@tessera/core';
import { describeApp } from '@tessera/core/advanced';

declare const appModule: AppModule;

// #region describe
// The same data `tessera inspect --json` prints, in a test or a build script.
const app = createApp(appModule);
const surface = describeApp(app);
for (const tool of surface.tools) {
  const guards = tool.pipeline.find((stage) => stage.stage === 'guards')?.runs ?? [];
  console.log(
    tool.name,
    tool.questions.map((q) => q.key),
    guards,
  );
}
await app.close();
// #endregion describe
