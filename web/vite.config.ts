import { defineConfig, type Plugin } from 'vite';
import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';

/// The cache the bots' networks are kept in, across builds: named once here, for the
/// service worker (which keeps it when it drops an old build's cache) and for the core's
/// worker (which writes each network it downloads into it), as `__NETS_CACHE__`.
const NETS_CACHE = 'yunnori-nets';

/// The bots' networks among the build's files (`assets/net_NAME-HASH.bin`).
const netFile = /(^|\/)net_[a-z0-9_]+-[^/]*\.bin$/;
/// The one a first visit keeps: the hard bot's at the new-game form's own table (Yunnori,
/// two seats of four pieces). The others (about 100 KB each, compressed) are kept once a
/// game has used them, or all at once when the app is installed (sw-template.js).
const firstNet = /(^|\/)net_yunnori-[^/]*\.bin$/;

/// Writes the service worker with the build's files to keep (so the first visit already
/// caches everything a local game needs, the worker and its WebAssembly included) and the
/// bots' networks it keeps later.
function serviceWorker(): Plugin {
  return {
    name: 'yunnori-service-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      const files = Object.keys(bundle)
        .filter((f) => !f.endsWith('.map'))
        .map((f) => `/${f}`);
      const nets = files.filter((f) => netFile.test(f));
      if (nets.length === 0 || !nets.some((f) => firstNet.test(f))) throw new Error('no bot networks in the bundle');
      const app = files.filter((f) => !netFile.test(f) || firstNet.test(f));
      const kept = ['/', '/manifest.webmanifest', '/icons/icon-32.png', '/icons/icon-192.png', '/icons/icon-512.png', ...app];
      const version = createHash('sha256').update(kept.join('\n')).digest('hex').slice(0, 12);
      const template = readFileSync(fileURLToPath(new URL('./sw-template.js', import.meta.url)), 'utf8');
      this.emitFile({
        type: 'asset',
        fileName: 'sw.js',
        source: template
          .replace('__VERSION__', version)
          .replace('__PRECACHE__', JSON.stringify(kept))
          .replace('__NETS__', JSON.stringify(nets))
          .replace('__NETS_CACHE__', JSON.stringify(NETS_CACHE)),
      });
    },
  };
}

/// Tells the browser to fetch the core's WebAssembly as soon as it reads the page, beside
/// the page's scripts (core.ts compiles it from this download and hands it to the worker).
/// Not the throw's simulation (yut_physics_web_bg): that one waits for the menu.
function preloadWasm(): Plugin {
  return {
    name: 'yunnori-preload-wasm',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const wasm = Object.keys(ctx.bundle ?? {}).find((f) => /(^|\/)yut_web_bg[^/]*\.wasm$/.test(f));
        if (!wasm) throw new Error('no WebAssembly in the bundle to preload');
        return [
          {
            tag: 'link',
            attrs: { rel: 'preload', href: `/${wasm}`, as: 'fetch', type: 'application/wasm', crossorigin: '' },
            injectTo: 'head-prepend',
          },
        ];
      },
    },
  };
}

// The design tokens live in ../design (shared with the phones); the wasm glue is
// generated into src/pkg by scripts/build-web.sh.
export default defineConfig({
  base: '/',
  plugins: [serviceWorker(), preloadWasm()],
  define: { __NETS_CACHE__: JSON.stringify(NETS_CACHE) },
  build: { target: 'es2022', assetsInlineLimit: 0, outDir: 'dist', emptyOutDir: true },
  worker: { format: 'es' },
  server: { fs: { allow: [fileURLToPath(new URL('..', import.meta.url))] } },
});
