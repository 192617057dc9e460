/**
 * The `src` of every `<img>` in an untrusted HTML snippet (an ad network's pixel tag), read the
 * way a browser's HTML tokenizer reads it, in one pass with no backtracking: linear in the
 * snippet's length whatever it holds. (A backtracking `<img ...>` regex took 6 s on 80 KB of
 * `<img ` with no `>`: every `<img` scanned to the end again.)
 *
 * What it refuses, and why:
 * - a tag cut off by the end of the snippet (`<img src="https://x` with no `>`): browsers drop it;
 * - `<img>` inside a comment, `<!...>`/`<?...>`, or the text of a raw-text element (`<script>`,
 *   `<style>`, `<textarea>`, ...): a string in a script is not an element;
 * - a `src` hidden in another attribute's quoted value (`alt="x src=https://fake"`): values are
 *   read whole.
 * `<noscript>` is read as markup: the snippet's scripts never run here, so its no-script fallback
 * (where pixel tags keep their image) is what stands.
 */

/** Elements whose content is text up to their end tag, not markup. */
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'iframe', 'noembed', 'noframes']);

const isSpace = (c: string | undefined) => c === ' ' || c === '\n' || c === '\t' || c === '\r' || c === '\f';

/**
 * The `src` values of the `<img>` start tags in `html`, in order (the first `src` of a tag wins,
 * as in browsers; character references are left as written). Tags without a `src` give none.
 */
export function imgSources(html: string): string[] {
  // ASCII letters lowered one for one, so indexes match `html` (names and end tags are ASCII).
  const lower = html.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
  const end = html.length;
  const found: string[] = [];
  let at = 0;
  while ((at = lower.indexOf('<', at)) !== -1) {
    // Comments (to `-->`) and `<!...>`/`<?...>` (to `>`): skipped whole.
    if (lower[at + 1] === '!' || lower[at + 1] === '?') {
      const comment = lower.startsWith('<!--', at);
      at = lower.indexOf(comment ? '-->' : '>', at + (comment ? 4 : 2));
      if (at === -1) break;
      continue;
    }
    const closing = lower[at + 1] === '/';
    let i = at + (closing ? 2 : 1);
    // A '<' not followed by a letter is text.
    if (!(lower[i] >= 'a' && lower[i] <= 'z')) {
      at++;
      continue;
    }
    const nameStart = i;
    while (i < end && !isSpace(lower[i]) && lower[i] !== '/' && lower[i] !== '>') i++;
    const name = lower.slice(nameStart, i);
    let src: string | undefined;
    let closed = false;
    // Attributes: name, then `=` and a double-quoted, single-quoted or bare value, or no value.
    while (i < end) {
      const c = html[i];
      if (c === '>') {
        closed = true;
        i++;
        break;
      }
      if (isSpace(c) || c === '/') {
        i++;
        continue;
      }
      const attrStart = i++;
      while (i < end && !isSpace(html[i]) && html[i] !== '/' && html[i] !== '>' && html[i] !== '=') i++;
      const attr = lower.slice(attrStart, i);
      while (isSpace(html[i])) i++;
      let value = '';
      if (html[i] === '=') {
        i++;
        while (isSpace(html[i])) i++;
        const quote = html[i];
        if (quote === '"' || quote === "'") {
          const valueEnd = html.indexOf(quote, i + 1);
          if (valueEnd === -1) {
            i = end;
            break;
          }
          value = html.slice(i + 1, valueEnd);
          i = valueEnd + 1;
        } else {
          const valueStart = i;
          while (i < end && !isSpace(html[i]) && html[i] !== '>') i++;
          value = html.slice(valueStart, i);
        }
      }
      if (attr === 'src' && src === undefined) src = value;
    }
    // Cut off by the end of the snippet: the tag is dropped, and nothing follows it.
    if (!closed) break;
    at = i;
    if (closing) continue;
    if (name === 'img' && src !== undefined) found.push(src);
    if (RAW_TEXT.has(name)) {
      at = lower.indexOf(`</${name}`, at);
      if (at === -1) break;
    }
  }
  return found;
}
