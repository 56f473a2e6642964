// The portal's English content style (docs/content-style.md), checked on every English message: pages, e-mails,
// PDFs and the API's messages all come from the catalogs, so this is where one spelling and one casing are kept.
//
//   - British spelling: a word of the American list below is a problem ("traveler" → "traveller").
//   - "email", never "e-mail" (GOV.UK style).
//   - Sentence case: only the first word, the first word after a sentence's end or a colon, and proper nouns
//     start with a capital. A word of a short message (a title, a button, a label) that starts with a capital
//     and is not in PROPER is a problem ("Save Changes" → "Save changes").
// Translations follow their own language's conventions (German capitalises nouns), so only English is checked.

/** American spellings and their British form, as whole-word, case-insensitive patterns. */
const AMERICAN = [
  [/\btravel(?:er|ers|ed|ing)\b/i, 'travell…'],
  [/\bcancel(?:ed|ing)\b/i, 'cancell…'],
  [/\bcolors?\b/i, 'colour'],
  [/\bcenters?\b/i, 'centre'],
  [
    /\b(?:organiz|authoriz|recogniz|minimiz|customiz|finaliz|prioritiz|summariz|apologiz)\w*/i,
    '…is…',
  ],
  [/\banalyz\w*/i, 'analys…'],
  [/\bfavorites?\b/i, 'favourite'],
  [/\bcatalogs?\b/i, 'catalogue'],
  [/\benroll(?:s|ment)?\b/i, 'enrol'],
  [/\bfulfill(?:s|ment)?\b/i, 'fulfil'],
  [/\bdefense\b/i, 'defence'],
  [/\bcheckbook\b/i, 'chequebook'],
  [/\be-mails?\b/i, 'email'],
];

/**
 * Words that keep their capital anywhere: names of places, bodies, products, documents, languages, days and
 * months, and abbreviations.
 */
const PROPER = new Set(
  `UK ETA ETAs Waypoint United Kingdom States Home Office GOV.UK British English French German Spanish Arabic
  Monday Tuesday Wednesday Thursday Friday Saturday Sunday January February March April May June July August
  September October November December PDF PDFs MRZ OK ID IDs EU EEA VAT CSV QR IBAN Visa Mastercard Amex Stripe
  Google Apple Microsoft Authenticator I Secure 3D WebP JPEG PNG Eircode ZIP Europe Ireland Irish Crown Dependencies Channel Islands Isle
  Man Commonwealth Electronic Travel Authorisation Standard Visitor`.split(/\s+/),
);

/** Messages longer than this are prose; their capitals are checked only after a sentence's end (as everywhere). */
const SHORT = 80;

/** The words of a message as a person reads it: placeholders and tags become neutral words. */
function wordsOf(message) {
  return message
    .replace(/\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}/g, 'x')
    .replace(/<\/?[\w-]+>/g, '')
    .split(/\s+/)
    .filter(Boolean);
}

/** The content-style problems of one English message (empty when it follows the style). */
export function styleProblems(message) {
  const problems = [];
  // The arguments' names (`{travelers}`, `{count, plural, …}`) are code, not words a person reads.
  const text = message.replace(/\{\s*[\w.]+\s*(?=[,}])/g, '{');
  for (const [pattern, british] of AMERICAN) {
    const found = pattern.exec(text);
    if (found) problems.push(`"${found[0]}": British spelling is ${british}`);
  }
  if (message.length <= SHORT) {
    const words = wordsOf(message);
    for (let i = 1; i < words.length; i += 1) {
      const previous = words[i - 1];
      if (/[.:!?–—-]$/.test(previous) || /^[–—-]$/.test(previous)) continue;
      const word = words[i].replace(/^[("'“‘([]+|[)"'”’.,:;!?\]]+$/g, '').replace(/['’]s$/, '');
      if (/^[A-Z][a-z]/.test(word) && !PROPER.has(word)) {
        problems.push(
          `"${word}": sentence case (a capital only for the first word and proper nouns)`,
        );
      }
    }
  }
  return problems;
}
