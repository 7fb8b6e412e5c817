import { screen } from '@testing-library/react'
import { Messages } from '@wings/contract'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../api/client.ts'
import { describeFailure } from '../api/failure/failure.ts'
import { renderInApp } from '../test/render.tsx'
import { ErrorNote } from './ErrorNote.tsx'

const signedOut = new ApiError(401, Messages.signedOut, 'UNAUTHENTICATED', true)

describe('ErrorNote', () => {
  it('says what happened and what to do, with a Log in link back to the screen when her session ended', async () => {
    renderInApp(<ErrorNote failure={describeFailure(signedOut, 'The invitation could not be made.')} />, '/safety')
    const note = await screen.findByText(/^The invitation could not be made/)
    expect(note.getAttribute('role')).toBe('alert')
    expect(note.textContent).toBe(
      'The invitation could not be made. Your session has ended. Log in again, then try once more. Log in',
    )
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login?redirect=%2Fsafety')
  })

  it('has no link for other causes, and still shows plain text', async () => {
    const offline = new ApiError(0, 'Cannot reach Wings', 'NETWORK_ERROR', false)
    renderInApp(
      <>
        <ErrorNote failure={describeFailure(offline, 'Error updating profile')} />
        <ErrorNote className="x">Plain words</ErrorNote>
      </>,
      '/profile',
    )
    const failure = await screen.findByText(/^Error updating profile/)
    expect(failure.textContent).toBe(
      'Error updating profile. There is no connection. Try again when you are back online.',
    )
    expect(failure.getAttribute('role')).toBe('alert')
    expect(screen.getByText('Plain words').getAttribute('role')).toBe('alert')
    expect(screen.queryByRole('link')).toBeNull()
  })
})
