import type { PushSubscriptionBody } from '@funkeln/contracts/push';
import { pushEndpoints } from '@funkeln/contracts/routes/push';
import { call } from './api';

/** What this browser can do about Web Push for the member. */
export type PushState = 'unsupported' | 'denied' | 'off' | 'on';

function pushSupported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

async function registration(): Promise<ServiceWorkerRegistration> {
  return (await navigator.serviceWorker.getRegistration('/')) ?? navigator.serviceWorker.register('/sw.js', { scope: '/' });
}

export async function pushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const subscription = await (await navigator.serviceWorker.getRegistration('/'))?.pushManager.getSubscription();
  return subscription && Notification.permission === 'granted' ? 'on' : 'off';
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/**
 * The subscription as the server stores it. A subscription from pushManager.subscribe always has
 * both keys; the DOM types leave them optional, and a missing one is the server's validation error.
 */
function subscriptionBody(subscription: PushSubscription): PushSubscriptionBody {
  const { keys } = subscription.toJSON();
  return { endpoint: subscription.endpoint, keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' } };
}

/** Asks for permission, subscribes this browser with the server's VAPID key and stores it for the member. */
export async function enablePush(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'off';
  const { publicKey } = await call(pushEndpoints.key);
  const reg = await registration();
  await navigator.serviceWorker.ready;
  const subscription = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
  await call(pushEndpoints.subscribe, { body: subscriptionBody(subscription) });
  return 'on';
}

/** Forgets this browser on the server and at the push service. */
export async function disablePush(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  const subscription = await (await navigator.serviceWorker.getRegistration('/'))?.pushManager.getSubscription();
  if (subscription) {
    await call(pushEndpoints.unsubscribe, { body: { endpoint: subscription.endpoint } });
    await subscription.unsubscribe();
  }
  return 'off';
}

/**
 * After the session ended elsewhere (logout everywhere, a password change on another device): the
 * server has already dropped this browser's subscription with the session, so the browser forgets
 * it too and the settings show push as off instead of a subscription that no longer delivers.
 */
export async function forgetPushLocally(): Promise<void> {
  if (!pushSupported()) return;
  const subscription = await (await navigator.serviceWorker.getRegistration('/'))?.pushManager.getSubscription();
  await subscription?.unsubscribe();
}
