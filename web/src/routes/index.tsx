import { createFileRoute } from '@tanstack/react-router'
import { useEffect } from 'react'
import { HomePage } from '../features/home/HomePage.tsx'

export const Route = createFileRoute('/')({ component: Home })

function Home() {
  useEffect(() => {
    document.title = 'Wings · Protection at your fingertips'
  }, [])
  return <HomePage />
}
