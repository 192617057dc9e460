import * as acorn from 'acorn';
import { readFileSync } from 'fs';
const code = readFileSync(process.argv[2], 'utf8');
const out = [];
for (const tok of acorn.tokenizer(code, { ecmaVersion: 2022 })) {
  if (tok.type.label === 'string' && tok.value.length > 25) out.push(tok.value);
  if (tok.type.label === 'template' && tok.value.length > 25) out.push(tok.value);
}
out.sort((a, b) => b.length - a.length);
let t = 0; for (const s of out) { t += s.length; console.log(s.length, s.slice(0, 150)); }
console.log('total', t, out.length);
