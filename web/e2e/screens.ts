/** The screens a visitor can open without an account or an id (the accessibility and language walks). */
export const PUBLIC_SCREENS = [
  '/',
  '/login',
  '/signup',
  '/help',
  '/contact',
  '/about',
  '/terms',
  '/privacy',
  '/blog',
  '/routescorer',
  '/routecalculation',
  '/report',
  '/routeplanner',
  '/safety',
  '/check-in',
  '/sos',
]
