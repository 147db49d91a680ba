// What the first paint waits for, moved into index.html (issue 16): the stylesheet and the theme script. On a school
// network each of them was one more round trip (400 ms) sharing 200 KB/s with the scripts and images; inline, the
// page paints as soon as its HTML arrives. The server allows the inline scripts by their hashes (inline-scripts.ts).
//
// The app's scripts are asked for, and run, only once the page has painted: on a
// fast connection the scripts arrived before the first frame and the browser ran them first, so the paint waited
// for 150 KB of JavaScript to be evaluated (Lighthouse's simulated FCP counted their download: 2.2 s).
import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * index.html with its stylesheets (from dist/web/assets) and its same-origin classic scripts written in place, and
 * the app's entry started after the first paint instead of by a module script and modulepreload links.
 */
export function inlineFirstPaint(html, webDir) {
  const read = (href) => readFileSync(path.join(webDir, href.replace(/^\//, '')), 'utf8');
  const chunks = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
  return html
    .replace(/<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g, (_tag, href) => {
      const css = read(href);
      // Relative url() in the stylesheet would resolve against the page, not /assets/, once inlined.
      if (/url\((?!["']?(?:data:|\/|https?:))/.test(css))
        throw new Error(`inline-first-paint: relative url() in ${href}`);
      return `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`;
    })
    .replace(/<script src="(\/[^"/]+\.js)"><\/script>/g, (_tag, src) => {
      const script = read(src);
      if (/<\/script/i.test(script)) throw new Error(`inline-first-paint: ${src} cannot be inlined`);
      return `<script>${script.trim()}</script>`;
    })
    .replace(
      /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/,
      (_tag, src) => `<script>${startAfterFirstPaint(src, chunks)}</script>`,
    )
    .replace(/\s*<link rel="modulepreload" crossorigin href="[^"]+">/g, '');
}

/**
 * Runs the entry once the page is parsed (as a module script would: the app reads the server's state at the end of
 * the body) and the frame after it is painted (a timer queued from the frame's callback runs after the paint); a tab
 * opened in the background draws no frame, so a timer starts it anyway. The entry's chunks are asked for at the
 * same moment (modulepreload), so they arrive together instead of one import after another.
 */
function startAfterFirstPaint(src, chunks) {
  return (
    // A button pressed before the app runs is held (the app takes the list over in main.tsx and presses them again).
    `(function(){var held=[];function hold(e){var b=e.target instanceof Element?e.target.closest('button'):null;` +
    `if(!b)return;e.preventDefault();e.stopPropagation();held.push(b);}document.addEventListener('click',hold,true);` +
    `window.__skillnestEarlyPresses={release:function(){document.removeEventListener('click',hold,true);return held;}};` +
    `var started=false;function start(){if(started)return;started=true;` +
    `${JSON.stringify(chunks)}.forEach(function(href){var l=document.createElement('link');l.rel='modulepreload';` +
    `l.crossOrigin='';l.href=href;document.head.appendChild(l);});import(${JSON.stringify(src)});}` +
    `function parsed(){requestAnimationFrame(function(){setTimeout(start,0);});setTimeout(start,100);}` +
    `if(document.readyState==='loading')document.addEventListener('DOMContentLoaded',parsed);else parsed();})();`
  );
}
