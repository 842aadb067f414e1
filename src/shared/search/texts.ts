// Texts only (no zod), so the public search page can show them without loading the schema library.

export const SEARCH_MESSAGES = {
  fillAny: 'Fill up any input field',
  noResults: 'No donor matches this search yet.',
  unknownBloodGroup: 'Unknown blood group',
  trueOrFalse: 'Use true or false',
} as const;
