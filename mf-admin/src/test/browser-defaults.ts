/**
 * What a browser's own style sheet says and jsdom's lacks: `<wbr>` is drawn inline (HTML, "Rendering"). Without
 * it, accessible names computed in tests (dom-accessibility-api) put a space at each break opportunity of an
 * e-mail address ("ann@ example. com"), which no browser does.
 */
const style = document.createElement('style');
style.textContent = 'wbr { display: inline; }';
document.head.append(style);
