// Auth's form parts other screens reuse, apart from index.ts: they bring the signup form and its validation
// schemas, which the first screen (that loads index.ts for useAuth) must not.
export { PersonFields } from './SignupForm.tsx'
