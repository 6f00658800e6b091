import type { UserMessage } from './user-messenger';

/**
 * The message that tells a user their username and where to set their password (the
 * forgot-password screen): sent to new users by `npm run users -- import`, and again when an
 * agency admin resends it.
 */
export function setPasswordMessage(username: string, publicOrigin: string): UserMessage {
  const link = `${publicOrigin}/auth/signin/forgot-password`;
  return {
    kind: 'link',
    purpose: 'set-password',
    sms: `Advisor Portal: your username is ${username}. Set your password here: ${link} / ឈ្មោះអ្នកប្រើ ${username}។ កំណត់ពាក្យសម្ងាត់នៅទីនេះ៖ ${link}`,
    email: {
      subject: 'Advisor Portal: set your password',
      text: `Your username is ${username}. Set your password here: ${link}`,
    },
    payload: { link },
  };
}
