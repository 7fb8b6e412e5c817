/**
 * On the offline-maps screen: how much route data is kept on the phone, against the budget she can change
 * (docs/planner.md, Kept on the phone).
 */
import { useLiveQuery } from 'dexie-react-hooks'
import { useId, useState } from 'react'
import { BUDGET_CHOICES_MB, budgetBytes, keptUsage, setBudgetBytes } from './keep.ts'
import { useT } from './messages.ts'

const MB = 1024 * 1024

/** `size` formats bytes in her language (the offline-maps screen's megabytes). */
export function KeptData({ size }: { size: (bytes: number) => string }) {
  const t = useT()
  const id = useId()
  const [changed, setChanged] = useState(false)
  const kept = useLiveQuery(async () => ({ ...(await keptUsage()), budget: await budgetBytes() }), [], null)
  if (!kept) return null
  const used = kept.saved + kept.auto
  const choices = BUDGET_CHOICES_MB.map((n) => n * MB)
  if (!choices.includes(kept.budget)) choices.push(kept.budget)
  return (
    <div className="offline-maps__kept">
      <h3 id={`${id}-title`}>{t('keptTitle')}</h3>
      <p className="muted">{t('keptIntro')}</p>
      <p>{t('keptUsed', { used: size(used), budget: size(kept.budget), saved: size(kept.saved) })}</p>
      <div className="field">
        <label htmlFor={`${id}-budget`}>{t('budgetLabel')}</label>
        <select
          id={`${id}-budget`}
          className="input"
          value={kept.budget}
          onChange={(event) => {
            setChanged(true)
            void setBudgetBytes(Number(event.target.value))
          }}
        >
          {choices
            .sort((a, b) => a - b)
            .map((bytes) => (
              <option key={bytes} value={bytes}>
                {size(bytes)}
              </option>
            ))}
        </select>
      </div>
      <p role="status" className="muted">
        {changed ? t('budgetChanged', { budget: size(kept.budget) }) : ''}
        {kept.saved > kept.budget ? ` ${t('budgetOver')}` : ''}
      </p>
    </div>
  )
}
