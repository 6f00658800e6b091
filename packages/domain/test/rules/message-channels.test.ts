import { describe, expect, it } from 'vitest';
import { messageChannels } from '../../src/rules/message-channels';

const phone = '+85512345678';
const email = 'sokha@example.com';

describe('messageChannels', () => {
  it('sends one-time codes by SMS only', () => {
    expect(messageChannels('code', { phone, email })).toEqual(['sms']);
    expect(messageChannels('code', { phone: null, email })).toEqual([]);
  });

  it('sends links by SMS, by e-mail when there is no phone', () => {
    expect(messageChannels('link', { phone, email })).toEqual(['sms']);
    expect(messageChannels('link', { phone: '', email })).toEqual(['email']);
    expect(messageChannels('link', { phone: null, email: null })).toEqual([]);
  });

  it('sends notices by every channel the user has', () => {
    expect(messageChannels('notice', { phone, email })).toEqual(['sms', 'email']);
    expect(messageChannels('notice', { phone: null, email })).toEqual(['email']);
    expect(messageChannels('notice', { phone, email: undefined })).toEqual(['sms']);
  });
});
