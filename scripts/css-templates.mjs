/**
 * The CSS in goober's tagged templates (css`…`, keyframes`…`, glob`…`) without its layout
 * whitespace: the minifier keeps template text as written, so indentation and line breaks would
 * ship (and be hashed into class names) in every file. Runs of whitespace become one space, and
 * the space next to `{ } ; , >` and after `:` goes; the `${…}` expressions are left untouched.
 */
export function minifyCssText(text) {
  return text.replace(/\s+/g, ' ').replace(/ ?([{};,>]) ?/g, '$1').replace(/: /g, ':');
}

/** The source `code` with the literal parts of every goober template minified (see minifyCssText). */
export function minifyCssTemplates(code) {
  let out = '';
  let at = 0;
  // After anything an expression can start after: `=`, `(`, `:`, `,`, `||`, `??`, `&&`, `?`, `=>`, `return`.
  const tag = /(?:[=(:,|&?]|=>|\breturn)\s*(?:css|keyframes|glob)`/g;
  for (let match; (match = tag.exec(code)); ) {
    let i = match.index + match[0].length;
    out += code.slice(at, i);
    // The template as literal text and `${…}` expressions; only the text is minified, and only
    // the template's own ends are trimmed (a space next to an expression separates values).
    const parts = [''];
    while (i < code.length && code[i] !== '`') {
      if (code[i] === '$' && code[i + 1] === '{') {
        const start = i;
        for (let depth = 0; i < code.length; i++) {
          if (code[i] === '{') depth++;
          else if (code[i] === '}' && --depth === 0) break;
        }
        parts.push(code.slice(start, ++i), '');
        continue;
      }
      parts[parts.length - 1] += code[i++];
    }
    parts[0] = parts[0].trimStart();
    parts[parts.length - 1] = parts[parts.length - 1].trimEnd();
    out += parts.map((part, n) => (n % 2 ? part : minifyCssText(part))).join('');
    at = i;
    tag.lastIndex = i;
  }
  return out + code.slice(at);
}
