import type { HTMLAttributes } from 'react'

export interface CardProps extends HTMLAttributes<HTMLElement> {
  as?: 'div' | 'article' | 'section' | 'li'
}

export function Card({ as: Tag = 'div', className, ...rest }: CardProps) {
  return <Tag className={`card ${className ?? ''}`} {...rest} />
}
