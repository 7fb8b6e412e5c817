/**
 * Loads every entity's sync registration (sync/registry.ts): the page's entry and the service worker's import this,
 * so both engines know every entity. Add a module here when a new entity syncs.
 */
import './user.ts'
import './stories.ts'
import './savedRoutes.ts'
import './trustedContacts.ts'
