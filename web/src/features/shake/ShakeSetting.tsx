import './shake.css'
import { useId, useState, useSyncExternalStore } from 'react'
import { ErrorNote } from '../../ui/ErrorNote.tsx'
import { useT } from './messages.ts'
import { askMotionAccess, type MotionAccess } from './motionPermission.ts'
import { onShakeSetting, setShakeOn, shakeOn } from './shakeSetting.ts'

/** Her safety settings' Shake for SOS: off until she turns it on (asking for the motion where the browser needs it). */
export function ShakeSetting() {
  const t = useT()
  const id = useId()
  const on = useSyncExternalStore(onShakeSetting, shakeOn, () => false)
  const [refused, setRefused] = useState<Exclude<MotionAccess, 'granted'> | null>(null)

  const change = (wanted: boolean) => {
    setRefused(null)
    if (!wanted) {
      setShakeOn(false)
      return
    }
    // Asked here, in her tap: iOS Safari asks only during one.
    void askMotionAccess().then((access) => {
      if (access === 'granted') setShakeOn(true)
      else setRefused(access)
    })
  }

  return (
    <section className="panel shake-setting" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="shake-setting__title">
        {t('settingTitle')}
      </h2>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={on}
          aria-describedby={`${id}-what`}
          onChange={(event) => change(event.target.checked)}
        />
        <span>{t('settingLabel')}</span>
      </label>
      <p id={`${id}-what`} className="field__hint">
        {t('settingWhat')}
      </p>
      {refused ? <ErrorNote>{t(refused === 'denied' ? 'motionDenied' : 'noMotion')}</ErrorNote> : null}
    </section>
  )
}
