import { Link, useRouterState } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { type Failure, sentenceOf } from '../api/failure/failure.ts'
import { useT } from '../api/failure/messages.ts'

/**
 * What went wrong, announced as soon as it shows (role="alert"); a form's error unless `className` says otherwise.
 * Given a `failure` (api/failure), it says what happened and what she can do, with a way to log in again when her
 * session ended.
 */
export function ErrorNote({
  className = 'form__error',
  children,
  failure,
}: {
  className?: string
  children?: ReactNode
  failure?: Pick<Failure, 'kind' | 'what' | 'next'>
}) {
  return (
    <p className={className} role="alert">
      {children}
      {failure ? (
        <>
          {children ? ' ' : null}
          {sentenceOf(failure)}
          {failure.kind === 'session' ? (
            <>
              {' '}
              <LogInAgain />
            </>
          ) : null}
        </>
      ) : null}
    </p>
  )
}

/** "Log in", coming back to this screen afterwards. */
function LogInAgain() {
  const t = useT()
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  return (
    <Link to="/login" search={{ redirect: pathname }}>
      {t('logIn')}
    </Link>
  )
}
