import english from './i18n/en.json';

/** The declaration's second question in English, as the form asks it and the review repeats it. */
export const TERRORISM_QUESTION = english['declaration.terrorism'];
