import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import { precompress } from './precompress';

const SERVER = 'http://localhost:3000';

/** Chunks the entry itself loads (index.html preloads them). */
const ENTRY_CHUNKS = /(^|\/)(vendor-react|vendor-router|rolldown-runtime)-[\w-]+\.js$/;

/**
 * React Aria ships its screen-reader strings in 34 languages; the app speaks German only (its
 * components run under <I18nProvider locale="de-DE">), so every other language's file is empty.
 */
function germanAriaStrings(): Plugin {
  const otherLocale = /[\\/]react-aria[\\/]dist[\\/]private[\\/]intl[\\/][^\\/]+[\\/](?!de-DE\.)[a-z]{2}-[A-Z]{2}\.mjs$/;
  return {
    name: 'funkeln:react-aria-german-strings',
    enforce: 'pre',
    load: (id) => (otherLocale.test(id) ? 'export default {};' : null),
  };
}

const config: UserConfig = {
  plugins: [react(), germanAriaStrings(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    modulePreload: {
      // The server's CSP forbids inline scripts; the polyfill would otherwise ride in the entry.
      polyfill: false,
      // React, the router and the runtime are loaded by the entry before any lazy chunk; naming them
      // again in every lazy route's preload list would only add bytes to the landing page.
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'js' ? deps.filter((dep) => !ENTRY_CHUNKS.test(dep)) : deps),
    },
    rollupOptions: {
      onwarn(warning, warn) {
        // 'use client' directives mean nothing to a client-only bundle; zod's misplaced pure
        // annotations are harmless. Both would bury real warnings.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('node_modules')) return;
        warn(warning);
      },
      output: {
        // Long-lived vendor chunks: an app release does not invalidate React, the router or zod.
        manualChunks(id) {
          if (!id.includes('node_modules')) return undefined;
          if (/[\\/](react|react-dom|scheduler)[\\/]/.test(id)) return 'vendor-react';
          if (id.includes('react-router')) return 'vendor-router';
          if (/[\\/]zod[\\/]/.test(id)) return 'vendor-zod';
          if (/socket\.io|engine\.io/.test(id)) return 'vendor-realtime';
          return undefined;
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': SERVER,
      '/ws': { target: SERVER, ws: true },
      '/dev': SERVER,
    },
  },
};

export default defineConfig(({ command }) => {
  // A build is always the production bundle, whatever NODE_ENV the shell exports (NODE_ENV=development
  // npm start shipped React's development build, twice the size). Vite reads the variable after this
  // file ran, so setting it here decides React's build, the JSX transform and import.meta.env.PROD.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return config;
});
