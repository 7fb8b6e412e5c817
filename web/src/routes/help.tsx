import { createFileRoute } from '@tanstack/react-router'
import { Page } from '../app/Frame.tsx'
import { HelplinesPage } from '../features/helplines/HelplinesPage.tsx'

export const Route = createFileRoute('/help')({ component: Help })

function Help() {
  return (
    <Page title="EMERGENCY/HELPLINE NUMBERS" className="help">
      <HelplinesPage />
    </Page>
  )
}
