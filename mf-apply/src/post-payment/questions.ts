/** The declaration's second question, as the form asks it and the review repeats it. */
export const TERRORISM_QUESTION =
  'Have you ever been involved in terrorist activities, espionage, sabotage, genocide, war crimes or crimes against humanity?';
