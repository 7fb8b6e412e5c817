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
import { T, useT } from './messages.ts'

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
  const t = useT()
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
        {t('button')}
      </Button>
      <Dialog open={help === 'ios'} title={t('iosTitle')} onClose={() => setHelp(null)}>
        <ol className="steps">
          <li>
            <T k="iosStep1" components={{ 0: <strong /> }} />
          </li>
          <li>
            <T k="iosStep2" components={{ 0: <strong /> }} />
          </li>
          <li>
            <T k="iosStep3" components={{ 0: <strong /> }} />
          </li>
          <li>
            <T k="iosStep4" components={{ 0: <strong /> }} />
          </li>
        </ol>
      </Dialog>
      <Dialog open={help === 'manual'} title={t('manualTitle')} onClose={() => setHelp(null)}>
        <p>{t('manualIntro')}</p>
        <ol className="steps">
          <li>
            <T k="manualStep1" components={{ 0: <strong />, 1: <strong /> }} />
          </li>
          <li>
            <T k="manualStep2" components={{ 0: <strong />, 1: <strong /> }} />
          </li>
          <li>{t('manualStep3')}</li>
        </ol>
      </Dialog>
    </>
  )
}
