import { AppResource, Provider, Tool } from '@tessera/core';

const VIEW = 'ui://report/view.html';

@Provider()
export class Report {
  // #region view-file
  // the view as a file: read as UTF-8 HTML on each read (in CommonJS: pathToFileURL(join(__dirname, 'view.html')))
  @AppResource(VIEW, { prefersBorder: true })
  view(): URL {
    return new URL('./view.html', import.meta.url);
  }
  // #endregion view-file

  @Tool({ description: 'Shows the report', ui: { resource: VIEW } })
  show_report() {
    return 'The report: 3 errors in 1200 requests.';
  }
}
