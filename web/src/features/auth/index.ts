// What other features use of auth: who is signed in. Its forms are the routes' (imported from their files); the
// parts of them other screens reuse are in components.ts.
export { AuthProvider, storeUser, useAuth } from './AuthProvider.tsx'
export { Avatar } from './Avatar.tsx'
export { logout, profileQuery } from './api.ts'
