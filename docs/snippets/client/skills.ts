import { TesseraClient } from '@tessera/client';

const client = new TesseraClient();
await client.connect({ url: 'http://127.0.0.1:3000/mcp' });
// #region example
const { skills } = await client.skills.list(); // frontmatter, file URIs, sizes, digests
const skill = await client.skills.read('pdf-processing'); // its SKILL.md, verified: { text, frontmatter, body }
const forms = await client.skills.read('pdf-processing', 'references/FORMS.md');
// #endregion example
console.log(skills.length, skill, forms);
