import './fakeCall.css'
import { useState } from 'react'
import { Field } from '../../ui/Field.tsx'
import { useT } from './messages.ts'
import { askToNotify } from './notify.ts'
import { prepareRingtone } from './ringtone.ts'
import { DELAYS, savedCaller, scheduleCall } from './schedule.ts'

/** /fake-call: the caller's name (kept on this phone) and "Call me in 10 s / 1 min / 5 min". */
export function FakeCallPage() {
  const t = useT()
  const [caller, setCaller] = useState(() => savedCaller() ?? '')
  const [scheduled, setScheduled] = useState(false)

  const schedule = (delay: number) => {
    // From her tap: the sound may then play when the call comes, and permission is asked now or never.
    prepareRingtone()
    scheduleCall(delay, caller.trim() || t('defaultCaller'))
    void askToNotify(delay)
    setScheduled(true)
  }

  return (
    <>
      <p>{t('intro')}</p>
      <form className="fake-call-form" onSubmit={(event) => event.preventDefault()}>
        <Field
          label={t('callerLabel')}
          value={caller}
          placeholder={t('defaultCaller')}
          maxLength={40}
          autoComplete="off"
          onChange={(event) => setCaller(event.target.value)}
        />
        <fieldset className="fake-call-form__delays">
          <legend>{t('when')}</legend>
          {DELAYS.map((delay) => (
            <button key={delay} type="button" className="btn btn--primary" onClick={() => schedule(delay)}>
              {t(`in${delay}`)}
            </button>
          ))}
        </fieldset>
      </form>
      <p className="fake-call-form__note" role="status">
        {scheduled ? t('scheduledNote') : ''}
      </p>
      <p className="fake-call-form__note">{t('notifyNote')}</p>
    </>
  )
}
