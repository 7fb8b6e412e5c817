/**
 * 'Send on WhatsApp' with the text, to one trusted contact she chooses (wa.me/<number>) or, by default, to whoever
 * she picks in WhatsApp. Used by the SOS sheet and the live share panel.
 */
import './whatsapp.css'
import { useState } from 'react'
import { SelectField } from '../../ui/Field.tsx'
import { useT } from './messages.ts'
import { whatsappLink } from './sos.ts'

export interface WhatsAppContact {
  name: string
  /** E.164. */
  phone: string
}

/** The English (as in locales/en.json); shown in her language. */
export const CHOOSE_IN_WHATSAPP = 'Anyone (choose in WhatsApp)'

export function WhatsAppLink({
  text,
  contacts,
  className,
}: {
  text: string
  contacts: readonly WhatsAppContact[]
  className?: string
}) {
  const t = useT()
  const [to, setTo] = useState('')
  // A contact removed meanwhile is no longer offered: the link goes back to "choose in WhatsApp".
  const chosen = contacts.find((c) => c.phone === to)
  return (
    <div className="whatsapp-to">
      {contacts.length > 0 ? (
        <SelectField
          label={t('whatsappTo')}
          placeholder={t('chooseInWhatsapp')}
          options={contacts.map((c) => ({ value: c.phone, label: `${c.name} (${c.phone})` }))}
          value={chosen ? chosen.phone : ''}
          onChange={(event) => setTo(event.target.value)}
        />
      ) : null}
      <a className={className} href={whatsappLink(text, chosen?.phone)} target="_blank" rel="noopener noreferrer">
        {chosen ? t('sendWhatsappTo', { name: chosen.name }) : t('sendWhatsapp')}
      </a>
    </div>
  )
}
