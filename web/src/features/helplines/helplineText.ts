/**
 * A helpline's name, what it is for and where it works, in her language. The contract's list (packages/contract)
 * is English; its words here are keyed by the helpline's number (`name181`, `purpose181`, `area181` in locales/), and
 * a test checks every helpline of the contract has them. A number the catalogs do not know shows as stored.
 */
import type { Helpline } from '@wings/contract'
import en from './locales/en.json'
import { t } from './messages.ts'

type Key = keyof typeof en
const known = (key: string): key is Key => key in en

export function helplineText(helpline: Helpline): Helpline {
  const say = (field: 'name' | 'purpose' | 'area') => {
    const key = `${field}${helpline.number}`
    return known(key) ? t(key) : helpline[field]
  }
  return { number: helpline.number, name: say('name'), purpose: say('purpose'), area: say('area') }
}
