import { Link, type LinkProps } from '@tanstack/react-router'

export interface ListedLink {
  to: LinkProps['to']
  label: string
}

/** A list of the app's own links, one item each (the footer's, the blog's author menu). */
export function LinkList({ links, className }: { links: readonly ListedLink[]; className?: string }) {
  return (
    <ul className={className}>
      {links.map(({ to, label }) => (
        <li key={label}>
          <Link to={to}>{label}</Link>
        </li>
      ))}
    </ul>
  )
}
