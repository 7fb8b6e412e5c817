import type { Gender } from '@wings/contract'
import female from '../../assets/avatar-female.svg'
import male from '../../assets/avatar-male.svg'

/** The female avatar for female users; the male avatar is the default (spec section 3). */
export function avatarFor(gender: Gender | string | undefined): string {
  return gender === 'female' ? female : male
}

export function Avatar({ gender, size = 40, alt = '' }: { gender: string | undefined; size?: number; alt?: string }) {
  return <img className="avatar" src={avatarFor(gender)} width={size} height={size} alt={alt} />
}
