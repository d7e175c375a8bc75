// Funkeln's service worker: the app shell offline, and Web Push notifications.
// Never cached: /api (members' data, signed photo links), the socket, anything but GET.
'use strict';

const SHELL_CACHE = 'funkeln-shell-v1';
const ASSET_CACHE = 'funkeln-assets-v1';
const OFFLINE_URL = '/offline.html';
const SHELL_URLS = ['/', OFFLINE_URL, '/offline.css', '/theme-init.js', '/favicon.svg', '/icons/icon-192.png'];
/** Hashed assets of older releases are dropped beyond this many. */
const MAX_ASSETS = 120;

/** The entry's hashed script, style and preload URLs, read from the shell's HTML. */
function assetsOf(html) {
  return [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
}

async function cacheShell() {
  const cache = await caches.open(SHELL_CACHE);
  await cache.addAll(SHELL_URLS);
  const shell = await cache.match('/');
  const assets = shell ? assetsOf(await shell.text()) : [];
  await (await caches.open(ASSET_CACHE)).addAll(assets);
}

async function trimAssets() {
  const cache = await caches.open(ASSET_CACHE);
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - MAX_ASSETS)).map((k) => cache.delete(k)));
}

self.addEventListener('install', (event) => {
  event.waitUntil(cacheShell().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  const keep = [SHELL_CACHE, ASSET_CACHE];
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => !keep.includes(n)).map((n) => caches.delete(n))))
      .then(trimAssets)
      .then(() => self.clients.claim()),
  );
});

/** Network first: a fresh shell when online (kept for later), the last one or the offline page when not. */
async function navigate(request) {
  try {
    const response = await fetch(request);
    if (response.ok && response.headers.get('content-type')?.startsWith('text/html')) {
      const cache = await caches.open(SHELL_CACHE);
      await cache.put('/', response.clone());
    }
    return response;
  } catch {
    const cache = await caches.open(SHELL_CACHE);
    return (await cache.match('/')) ?? (await cache.match(OFFLINE_URL)) ?? Response.error();
  }
}

/** Cache first: hashed file names never change their content. */
async function asset(request) {
  const cache = await caches.open(ASSET_CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (request.mode === 'navigate' && !/^\/(api|ws|dev|share|date|healthz|readyz|metrics)(\/|$)/.test(url.pathname)) {
    event.respondWith(navigate(request));
  } else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(asset(request));
  }
});

self.addEventListener('push', (event) => {
  const data = event.data ? event.data.json() : {};
  event.waitUntil(
    self.registration.showNotification(data.title || 'Funkeln', {
      body: data.body || '',
      tag: data.tag,
      lang: 'de',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: data.url || '/discover' },
    }),
  );
});

/** Focuses an open Funkeln window on the notification's page, or opens one. */
async function openApp(path) {
  const url = new URL(path, self.location.origin);
  const target = url.origin === self.location.origin ? url.href : new URL('/discover', self.location.origin).href;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const same = windows.find((w) => w.url === target);
  if (same) return same.focus();
  const open = windows.find((w) => new URL(w.url).origin === self.location.origin && 'navigate' in w);
  if (open) {
    const focused = await open.focus();
    return focused.navigate(target);
  }
  return self.clients.openWindow(target);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openApp(event.notification.data?.url || '/discover'));
});
