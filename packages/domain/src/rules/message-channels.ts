/**
 * Which channel a message to a user goes by. A user's phone and e-mail are both verified
 * contacts: they are set by an administrator or changed by the user after a profile OTP. One-time
 * codes go by SMS only (the phone is the second sign-in factor; an e-mail inbox is not). Links
 * (set a password, continue an application) go by SMS when the user has a phone, otherwise by
 * e-mail. Notices go by every channel the user has.
 */
export type MessageChannel = 'sms' | 'email';
export type MessageKind = 'code' | 'link' | 'notice';

export interface VerifiedContacts {
  phone: string | null | undefined;
  email: string | null | undefined;
}

/** The channels for this kind of message to these contacts; empty when the user cannot be reached. */
export function messageChannels(kind: MessageKind, contacts: VerifiedContacts): MessageChannel[] {
  const phone = !!contacts.phone;
  const email = !!contacts.email;
  switch (kind) {
    case 'code':
      return phone ? ['sms'] : [];
    case 'link':
      return phone ? ['sms'] : email ? ['email'] : [];
    case 'notice':
      return [...(phone ? (['sms'] as const) : []), ...(email ? (['email'] as const) : [])];
  }
}
