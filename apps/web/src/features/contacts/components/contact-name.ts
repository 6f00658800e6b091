/** Names as Cambodians write them: family name first, in Latin script and in Khmer script. */
export function latinName(contact: { firstName: string; lastName: string }): string {
  return `${contact.lastName} ${contact.firstName}`.trim();
}

/** The Khmer name, or '' when none was given. */
export function khmerName(contact: { firstNameKh: string | null; lastNameKh: string | null }): string {
  return [contact.lastNameKh, contact.firstNameKh].filter((part) => part && part.trim()).join(' ');
}
