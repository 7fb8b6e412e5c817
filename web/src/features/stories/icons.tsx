/** Small inline icons of the blog (decorative: the buttons carry the names). */
import type { ReactNode } from 'react'

function Icon({ filled, children }: { filled?: boolean | undefined; children: ReactNode }) {
  return (
    <svg
      width={20}
      height={20}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth="2"
    >
      {children}
    </svg>
  )
}

export function ThumbUpIcon({ filled }: { filled?: boolean }) {
  return (
    <Icon filled={filled}>
      <path d="M7 10v11H3V10h4zm0 0l4-8a3 3 0 0 1 3 3v4h5.5a2 2 0 0 1 2 2.3l-1.4 8A2 2 0 0 1 18 21H7" />
    </Icon>
  )
}

export function ThumbDownIcon({ filled }: { filled?: boolean }) {
  return (
    <Icon filled={filled}>
      <path d="M17 14V3h4v11h-4zm0 0l-4 8a3 3 0 0 1-3-3v-4H4.5a2 2 0 0 1-2-2.3l1.4-8A2 2 0 0 1 6 3h11" />
    </Icon>
  )
}

export function BookmarkIcon({ filled }: { filled?: boolean }) {
  return (
    <Icon filled={filled}>
      <path d="M6 3h12v18l-6-4-6 4V3z" />
    </Icon>
  )
}

export function EyeIcon() {
  return (
    <Icon>
      <path d="M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12z" />
      <circle cx="12" cy="12" r="3" />
    </Icon>
  )
}

export function PencilIcon() {
  return (
    <Icon>
      <path d="M4 20h4L19 9l-4-4L4 16v4zM14 6l4 4" />
    </Icon>
  )
}

export function TrashIcon() {
  return (
    <Icon>
      <path d="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13M10 11v6M14 11v6" />
    </Icon>
  )
}
