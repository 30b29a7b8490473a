import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { IndexHtmlTransformContext, Plugin, Rolldown } from 'vite';
import { TOKEN_STORAGE_KEY } from '../../shared/constants';
import { pathPattern, routeScreens } from './routeScreens';

/** The global the boot script leaves its early answers in, by API path; read by client/src/api/bootAnswers.ts. */
export const BOOT_ANSWERS_GLOBAL = '__flexspaceBoot';
/** The API calls a signed-in first load always makes, started by the boot script. */
const EARLY_CALLS = ['/auth/me'];

/**
 * A first visit loads the entry, then (once it runs and the session is checked) the shell, then
 * the screen: three waits on a slow link, and the session check a fourth. When a session token is
 * stored, a small script in index.html starts the session check (GET /api/auth/me), which the
 * client then takes instead of asking again, and adds modulepreload links for the shell's files
 * beside the entry's, and for the current path's screen as soon as those have arrived. The server allows this
 * one inline script by its hash (server/static.ts).
 */
export function bootPreload(options: { clientDir: string; apiElsewhere: boolean }): Plugin {
  let base = '/';
  return {
    name: 'boot-preload',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html: string, ctx: IndexHtmlTransformContext) {
        if (!ctx.bundle || !ctx.chunk || path.basename(ctx.filename) !== 'index.html') return html;
        const script = bootScript(ctx.bundle, ctx.chunk, options, base);
        // After the entry's modulepreload links (it waits for them) and before the stylesheet:
        // a script after one waits until that stylesheet has arrived.
        const stylesheet = html.search(/<link rel="stylesheet"/);
        const at = stylesheet >= 0 ? stylesheet : html.indexOf('</head>');
        return script && at >= 0 ? `${html.slice(0, at)}<script>${script}</script>\n    ${html.slice(at)}` : html;
      },
    },
  };
}

function bootScript(bundle: Rolldown.OutputBundle, entry: Rolldown.OutputChunk, options: { clientDir: string; apiElsewhere: boolean }, base: string): string | null {
  const chunks = Object.values(bundle).filter((c): c is Rolldown.OutputChunk => c.type === 'chunk');
  // The chunk holding each module (a grouped module's chunk has no facade of its own: build/chunks.ts).
  const byModule = new Map(chunks.flatMap((c) => c.moduleIds.map((id) => [id.replace(/\.[jt]sx?$/, ''), c] as const)));
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  /** A chunk and the chunks it imports, and their CSS: what must arrive before it runs. */
  const files = (chunk: Rolldown.OutputChunk) => {
    const seen = new Set<string>();
    const css = new Set<string>();
    const visit = (c: Rolldown.OutputChunk | undefined) => {
      if (!c || seen.has(c.fileName)) return;
      seen.add(c.fileName);
      for (const file of c.viteMetadata?.importedCss ?? []) css.add(file);
      c.imports.forEach((file) => visit(byFile.get(file)));
    };
    visit(chunk);
    return [...seen, ...css];
  };
  const src = path.join(options.clientDir, 'src');
  const loaded = new Set(files(entry));
  const shellChunk = byModule.get(path.join(src, 'shell/Shell'));
  if (!shellChunk) return null;
  const shell = files(shellChunk).filter((file) => !loaded.has(file));
  shell.forEach((file) => loaded.add(file));

  const table: string[] = [];
  const index = (file: string) => (table.includes(file) ? table.indexOf(file) : table.push(file) - 1);
  const shellIndexes = shell.map(index);
  const routes = routeScreens(readFileSync(path.join(src, 'routes.tsx'), 'utf8')).flatMap(({ path: route, module }) => {
    const chunk = byModule.get(path.join(src, module));
    return chunk ? [[pathPattern(route), files(chunk).filter((file) => !loaded.has(file)).map(index)] as const] : [];
  });
  const calls = options.apiElsewhere ? [] : EARLY_CALLS;
  // Plain ES5, run before anything else: it must not fail, and if it does the app loads as before.
  return [
    '(function(){try{',
    `var t=localStorage.getItem(${JSON.stringify(TOKEN_STORAGE_KEY)}),p=location.pathname;`,
    "if(!t||p==='/login')return;",
    `var a=window[${JSON.stringify(BOOT_ANSWERS_GLOBAL)}]={};`,
    `${JSON.stringify(calls)}.forEach(function(c){a[c]=fetch(${JSON.stringify(`${base}api`)}+c,{headers:{Accept:'application/json',Authorization:'Bearer '+t}})});`,
    `var f=${JSON.stringify(table)},r=${JSON.stringify(routes)},s=${JSON.stringify(shellIndexes)},q=[];`,
    'for(var i=0;i<r.length;i++)if(new RegExp(r[i][0]).test(p)){q=r[i][1];break}',
    'function add(n,done){var e=document.createElement("link"),h=f[n];',
    'if(/\\.css$/.test(h)){e.rel="preload";e.as="style"}else{e.rel="modulepreload";e.crossOrigin=""}',
    `if(done){e.onload=done;e.onerror=done}e.href=${JSON.stringify(base)}+h;document.head.appendChild(e)}`,
    // The screen's files wait for the shell's and the entry's (Vite's modulepreload links, above
    // this script) to arrive: the link's bandwidth is shared by everything in flight, and the
    // shell is what shows first. DOMContentLoaded (the entry has run) is the latest they wait.
    'var w=0,g=false;function go(){if(g)return;g=true;q.forEach(function(n){add(n)})}function next(){if(--w===0)go()}',
    'var v=document.querySelectorAll("link[rel=modulepreload]");for(var j=0;j<v.length;j++){w++;v[j].addEventListener("load",next);v[j].addEventListener("error",next)}',
    's.forEach(function(n){w++;add(n,next)});document.addEventListener("DOMContentLoaded",go);',
    '}catch(e){}})();',
  ].join('');
}
