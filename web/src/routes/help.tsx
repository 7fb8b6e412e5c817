import { createFileRoute } from '@tanstack/react-router'
import { HelplinesPage } from '../features/helplines/HelplinesPage.tsx'
import { pageOf } from '../ui/Page.tsx'

export const Route = createFileRoute('/help')({
  component: pageOf('EMERGENCY/HELPLINE NUMBERS', 'help', HelplinesPage),
})
