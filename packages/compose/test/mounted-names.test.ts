import { MountedNames } from '../src/mount/mounted-names';

describe('MountedNames', () => {
  const names = new MountedNames('billing');

  test('names get the prefix and "_"', () => {
    expect(names.name('charge')).toBe('billing_charge');
  });

  test.each([
    ['invoices://7', 'invoices://billing/7'],
    ['file:///etc/motd', 'file://billing//etc/motd'],
    ['urn:isbn:123', 'billing+urn:isbn:123'],
  ])('%s is mounted as %s, and maps back', (remote, mounted) => {
    expect(names.uri(remote)).toBe(mounted);
    expect(names.remoteUri(mounted)).toBe(remote);
  });
});
