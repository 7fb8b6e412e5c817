import { useState, useSyncExternalStore } from 'react'
import { Button } from '../../ui/Button.tsx'
import { Dialog } from '../../ui/Dialog.tsx'
import {
  deferredPrompt,
  forgetPrompt,
  installMode,
  isIos,
  isStandalone,
  snapshot,
  subscribe,
  wasInstalled,
} from './installState.ts'

export function useInstallMode() {
  useSyncExternalStore(subscribe, snapshot, snapshot)
  return installMode({
    standalone: isStandalone(),
    installed: wasInstalled(),
    hasPrompt: deferredPrompt() !== null,
    ios: isIos(),
  })
}

/** 'Download Our App': installs Wings as an app on the home screen. Hidden once installed. */
export function InstallButton() {
  const mode = useInstallMode()
  const [help, setHelp] = useState<'ios' | 'manual' | null>(null)

  if (mode === 'hidden') return null

  async function install() {
    if (mode === 'prompt') {
      const event = deferredPrompt()
      if (!event) return
      await event.prompt()
      await event.userChoice.catch(() => null)
      // A prompt can be used once; the browser offers a new one if the person may still install.
      forgetPrompt()
      return
    }
    if (mode === 'ios' || mode === 'manual') setHelp(mode)
  }

  return (
    <>
      <Button variant="secondary" className="install-button" onClick={() => void install()}>
        Download Our App
      </Button>
      <Dialog open={help === 'ios'} title="Add Wings to your Home Screen" onClose={() => setHelp(null)}>
        <ol className="steps">
          <li>
            Open this page in <strong>Safari</strong>.
          </li>
          <li>
            Tap the <strong>Share</strong> button (the square with an arrow pointing up).
          </li>
          <li>
            Scroll down and tap <strong>Add to Home Screen</strong>.
          </li>
          <li>
            Tap <strong>Add</strong>. Wings now opens from your Home Screen, even offline.
          </li>
        </ol>
      </Dialog>
      <Dialog open={help === 'manual'} title="Install Wings" onClose={() => setHelp(null)}>
        <p>Your browser did not offer to install Wings directly. You can install it from the browser menu:</p>
        <ol className="steps">
          <li>
            Open the browser menu (<strong>⋮</strong> or <strong>…</strong>).
          </li>
          <li>
            Choose <strong>Install app</strong> or <strong>Add to Home screen</strong>.
          </li>
          <li>Confirm. Wings then opens like an app and its helplines and SOS work offline.</li>
        </ol>
      </Dialog>
    </>
  )
}
