import * as esbuild from 'esbuild';
import { gzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
const stubRe = new RegExp(process.argv[2] || '^$');
const plugin = { name:'stub', setup(b){
  b.onLoad({filter:/src\/.*\.tsx?$/}, (a)=>{
    if (!stubRe.test(a.path)) return;
    const src = readFileSync(a.path,'utf8');
    const names = [...src.matchAll(/export (?:async )?(?:function|const|class|let) (\w+)/g)].map(m=>m[1]);
    const re = [...src.matchAll(/export \{([^}]*)\} from/g)].flatMap(m=>m[1].split(',').map(x=>x.trim().split(' as ').pop()).filter(x=>x&&!x.startsWith('type ')));
    const star = [...src.matchAll(/export \* from '([^']+)'/g)].map(m=>`export * from '${m[1]}';`).join('\n');
    return { contents: [...new Set([...names,...re])].map(n=>`export const ${n} = globalThis.__s;`).join('\n')+star, loader:'ts', resolveDir: a.path.replace(/\/[^/]*$/,'') };
  });
}};
const r = await esbuild.build({ entryPoints:['src/loader.ts'], bundle:true, minify:true, write:false, format:'iife', target:['es2020'], define:{__SDK_VERSION__:'"1"','process.env.NODE_ENV':'"production"'}, legalComments:'none', plugins:[plugin], outfile:'x.js', logLevel:'error'});
const b=r.outputFiles[0].contents; console.log(process.argv[2], b.length, gzipSync(b,{level:9}).length);
