import { useEffect, useRef, useState } from 'react'
import { useToast } from '../../ui/Toast.tsx'
import { copyText } from './copy.ts'
import { t as say, useT } from './messages.ts'

export const COPIED_MS = 2000

/** 'Copy' -> 'Copied!' for 2 s; a second click during that time does nothing (spec section 4). */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const t = useT()
  const [copied, setCopied] = useState(false)
  const lock = useRef(false)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const toast = useToast()

  useEffect(() => () => clearTimeout(timer.current), [])

  async function copy() {
    if (lock.current) return
    lock.current = true
    setCopied(true)
    timer.current = setTimeout(() => {
      lock.current = false
      setCopied(false)
    }, COPIED_MS)
    try {
      await copyText(text)
    } catch {
      clearTimeout(timer.current)
      lock.current = false
      setCopied(false)
      toast(say('copyFailed', { number: text }), { kind: 'error' })
    }
  }

  return (
    <button
      type="button"
      className="btn btn--secondary btn--sm"
      onClick={() => void copy()}
      aria-label={copied ? t('copiedLabel', { label }) : t('copyLabel', { label })}
    >
      {copied ? t('copied') : t('copy')}
    </button>
  )
}
