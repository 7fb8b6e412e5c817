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

/** An icon drawn by one path; `filled` fills it (a pressed like, a saved post). */
function PathIcon({ d, filled }: { d: string; filled?: boolean | undefined }) {
  return (
    <Icon filled={filled}>
      <path d={d} />
    </Icon>
  )
}

type Filled = { filled?: boolean }

export const ThumbUpIcon = ({ filled }: Filled) => (
  <PathIcon filled={filled} d="M7 10v11H3V10h4zm0 0l4-8a3 3 0 0 1 3 3v4h5.5a2 2 0 0 1 2 2.3l-1.4 8A2 2 0 0 1 18 21H7" />
)
export const ThumbDownIcon = ({ filled }: Filled) => (
  <PathIcon
    filled={filled}
    d="M17 14V3h4v11h-4zm0 0l-4 8a3 3 0 0 1-3-3v-4H4.5a2 2 0 0 1-2-2.3l1.4-8A2 2 0 0 1 6 3h11"
  />
)
export const BookmarkIcon = ({ filled }: Filled) => <PathIcon filled={filled} d="M6 3h12v18l-6-4-6 4V3z" />
export const PencilIcon = () => <PathIcon d="M4 20h4L19 9l-4-4L4 16v4zM14 6l4 4" />
export const TrashIcon = () => <PathIcon d="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13M10 11v6M14 11v6" />

export function EyeIcon() {
  return (
    <Icon>
      <path d="M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12z" />
      <circle cx="12" cy="12" r="3" />
    </Icon>
  )
}
