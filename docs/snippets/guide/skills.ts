import { createApp, Provider } from '@tessera/core';

@Provider()
class Docs {}

// #region example
import { loadSkillFolder } from '@tessera/core/node';

const skills = await loadSkillFolder('./skills'); // or loadSkillFiles({ 'release-notes/SKILL.md': '...' })
const app = createApp({ name: 'docs', version: '1.0.0', providers: [Docs], skills });
// #endregion example
console.log(app);
