/** The app's screens an answer may open, for the tests of the knowledge base and the training data. */
export const APP_SCREENS: readonly string[] = [
  '/routeplanner',
  '/routes',
  '/routescorer',
  '/routecalculation',
  '/report',
  '/help',
  '/safety',
  '/blog',
  '/signup',
  '/login',
  '/privacy',
]
