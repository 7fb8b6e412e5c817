import { type GuardianAlert, GuardianAlertText } from '../guardianAlert.ts'
import { t } from './messages.ts'

/** The sheet's words for it, in her language (the 'none' case also links to Safety tools). */
export function guardianAlertText(alert: GuardianAlert): string {
  switch (alert.kind) {
    case 'sending':
      return t('guardiansSending')
    case 'alerted':
      // GuardianMessages.sosQueued is the server's English for it.
      return alert.count === null ? t('guardiansQueued') : t('guardiansAlerted', { count: alert.count })
    case 'none':
      return alert.invited ? t('guardiansNotOn') : t('guardiansNone')
    case 'waiting':
      return t('guardiansWaiting')
    case 'noPosition':
      return GuardianAlertText.noPosition
    case 'failed':
      return alert.text
  }
}
