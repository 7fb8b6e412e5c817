import { createFileRoute } from '@tanstack/react-router'
import { SavedRoutesPage } from '../features/saved-routes/SavedRoutesPage.tsx'

export const Route = createFileRoute('/routes')({ component: SavedRoutesPage })
