import { createApp } from '@tessera/core';
import { openApiTools } from '@tessera/compose';

// #region example
const pets = await openApiTools({
  document: 'https://pets.example/openapi.json', // or a file path, or the parsed object (then give baseUrl)
  prefix: 'pets', // pets_getPet, pets_addPet
  headers: { authorization: `Bearer ${process.env.PETS_TOKEN}` },
  include: { tags: ['pets'] },
  exclude: { operationIds: ['deletePet'] },
});

export const app = createApp({ name: 'pets-gateway', version: '1.0.0', providers: [], imports: [pets.module] });
// #endregion example
