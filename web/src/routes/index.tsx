import { createFileRoute } from '@tanstack/react-router'
import { useEffect } from 'react'
import { HomePage } from '../features/home/HomePage.tsx'
import { useT } from '../features/home/messages.ts'

export const Route = createFileRoute('/')({ component: Home })

function Home() {
  const title = useT()('pageTitle')
  useEffect(() => {
    document.title = title
  }, [title])
  return <HomePage />
}
