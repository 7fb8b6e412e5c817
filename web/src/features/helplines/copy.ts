/** Copies text to the clipboard: the async Clipboard API, else the old selection trick. */
export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text)
      return
    } catch {
      // fall through to the fallback (e.g. permission denied, insecure context)
    }
  }
  const area = document.createElement('textarea')
  area.value = text
  area.setAttribute('readonly', '')
  area.className = 'visually-hidden'
  document.body.append(area)
  area.select()
  const ok = typeof document.execCommand === 'function' && document.execCommand('copy')
  area.remove()
  if (!ok) throw new Error('Copy is not available')
}
