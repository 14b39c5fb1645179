import 'reflect-metadata';
import { createApp, silentLogger } from '@tessera/core';
import { echoToolTable } from '@tessera/testing';
import { DEFINING_FILES } from '../../src/accelerators/validation/defining-files';

// The validation accelerator loads a class-validator member from the file that defines it: a require() of a
// package path, which Node resolves anew on each call (a package.json read). createApp asks for the metadata
// storage once per DTO; the member is loaded once and kept, not once per tool.
describe('class-validator files required at createApp', () => {
  test('the metadata storage is loaded once, not once per DTO', () => {
    createApp({ name: 'warm', version: '1.0.0', providers: echoToolTable(2), logger: silentLogger });
    const files = DEFINING_FILES as Record<string, () => unknown>;
    const spy = jest.spyOn(files, 'getMetadataStorage');
    try {
      createApp({ name: 'loads', version: '1.0.0', providers: echoToolTable(210), logger: silentLogger });
      expect(spy).toHaveBeenCalledTimes(0);
    } finally {
      spy.mockRestore();
    }
  });
});
