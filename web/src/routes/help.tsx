import { createFileRoute } from '@tanstack/react-router'
import { HelplinesPage } from '../features/helplines/HelplinesPage.tsx'
import { Page } from '../ui/Page.tsx'

export const Route = createFileRoute('/help')({ component: Help })

function Help() {
  return (
    <Page title="EMERGENCY/HELPLINE NUMBERS" className="help">
      <HelplinesPage />
    </Page>
  )
}
