import { redactRedisUrl } from '../src';

describe('redactRedisUrl', () => {
  it('hides the password and keeps the rest', () => {
    expect(redactRedisUrl('redis://app:s3cret@10.0.0.5:6380/2')).toBe('redis://app:***@10.0.0.5:6380/2');
  });
  it('leaves a URL without a password as it is', () => {
    expect(redactRedisUrl('redis://127.0.0.1:6379')).toBe('redis://127.0.0.1:6379');
  });
  it('never echoes a string it cannot parse', () => {
    expect(redactRedisUrl('not a url :s3cret@')).toBe('(unparseable url)');
  });
});
