import { createFileRoute } from '@tanstack/react-router'
import { HelplinesPage, useHelplinesTitle } from '../features/helplines/HelplinesPage.tsx'
import { pageOf } from '../ui/Page.tsx'

export const Route = createFileRoute('/help')({
  component: pageOf(useHelplinesTitle, 'help', HelplinesPage),
})
