/**
 * Compiles a message catalog (`src/i18n/<locale>.json`: key → ICU MessageFormat) to Lingui's compact form at build
 * time, so browsers interpret messages without an ICU parser. A message that is not valid ICU fails the build,
 * naming the catalog and the key. In the pseudo-locale build (`WAYPOINT_PSEUDO_LOCALE=1`, see pseudo-locale.cjs)
 * the English messages are compiled to their pseudo-localized form.
 */
const path = require('node:path');
const { compileMessage } = require('@lingui/message-utils/compileMessage');
const { isPseudoLocaleBuild, pseudoLocalize } = require('./pseudo-locale.cjs');

module.exports = function catalogLoader(source) {
  const messages = JSON.parse(source);
  const compiled = {};
  const pseudo = isPseudoLocaleBuild() && path.basename(this.resourcePath) === 'en.json';
  for (const [key, message] of Object.entries(messages)) {
    if (typeof message !== 'string') {
      throw new Error(`${this.resourcePath}: the message "${key}" is not text`);
    }
    try {
      compiled[key] = pseudo ? pseudoLocalize(compileMessage(message)) : compileMessage(message);
    } catch (error) {
      throw new Error(
        `${this.resourcePath}: the message "${key}" is not valid ICU: ${error.message}`,
        { cause: error },
      );
    }
  }
  return `export default ${JSON.stringify(compiled)};`;
};
