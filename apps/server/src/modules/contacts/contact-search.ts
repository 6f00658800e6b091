import { searchPatterns, type SearchPatterns } from '../../lib/search-patterns';

/** A contact search matches `search_text` (lower-cased Latin and Khmer names, ID number) and `phone_local`. */
export type ContactSearchPatterns = SearchPatterns;

export const contactSearchPatterns: (term: string) => ContactSearchPatterns = searchPatterns;
