/**
 * With the screen locked or Wings in the background a page cannot take the screen: the call then shows as a
 * notification (if she allowed them), and the call screen rings when she comes back to Wings.
 */

/** A delay this long means she will likely lock the screen or switch apps before it rings. */
export const ASK_FROM_SECONDS = 60
export const TAG = 'wings-fake-call'

/**
 * Asks for permission to show notifications, from her tap on a delay long enough to leave the screen; never on load,
 * never again once she answered, and not for 10 s (she is still looking at the phone).
 */
export async function askToNotify(delaySeconds: number): Promise<void> {
  if (delaySeconds < ASK_FROM_SECONDS || typeof Notification === 'undefined') return
  if (Notification.permission !== 'default') return
  await Notification.requestPermission().catch(() => undefined)
}

/** Shows the incoming call as a notification (through the service worker where there is one). */
export async function notifyCall(title: string, body: string): Promise<boolean> {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return false
  const options = { body, tag: TAG, renotify: true, requireInteraction: true, vibrate: [800, 400, 800] }
  try {
    const registration = await navigator.serviceWorker?.getRegistration()
    if (registration) {
      await registration.showNotification(title, options as NotificationOptions)
      return true
    }
    new Notification(title, options as NotificationOptions)
    return true
  } catch {
    return false
  }
}

/** Takes the notification away once she is back on the call screen. */
export async function clearCallNotification(): Promise<void> {
  try {
    const registration = await navigator.serviceWorker?.getRegistration()
    for (const notification of (await registration?.getNotifications({ tag: TAG })) ?? []) notification.close()
  } catch {
    // nothing to clear
  }
}
