import { TesseraClient } from '@tessera/client';

// #region example
new TesseraClient({
  logLevel: 'warning',
  onLog: ({ level, logger, data }) => console.error(level, logger ?? '', data),
});
// #endregion example
