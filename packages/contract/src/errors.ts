/** Messages the server answers for failures that are not about one field. */
export const ErrorMessages = {
  bodyNotObject: 'Request body must be a JSON object',
  invalidJson: 'Request body is not valid JSON',
  unsupportedMediaType: 'Content-Type must be application/json',
  payloadTooLarge: 'Request body is too large',
  tooManyRequests: 'Too many requests. Please try again later.',
  tooManyLogins: 'Too many login attempts. Please try again later.',
  /** Signups per IP: many people may share one address (a carrier's NAT, a college's Wi-Fi). */
  tooManySignups:
    'Many accounts were just created from your network. Please wait a few minutes and try again, or log in if you already have an account.',
  badOrigin: 'Request origin is not allowed',
  badUrl: 'This address is not valid',
  /** A request Node's HTTP parser refused: malformed, too slow, or headers over its limit. */
  badRequest: 'The server could not read this request',
  notFound: 'Not found',
  internal: 'Something went wrong. Please try again later.',
  /** HTTP 503: the database cannot write (disk full, read-only, I/O error); nothing was saved. */
  storageUnavailable: "The server can't save anything right now. Please try again in a few minutes.",
  /** HTTP 503: route finding and map matching are all busy; nothing was done. */
  busy: 'The server is busy. Please try again in a moment.',
} as const

/** The spec's account and profile texts (auth and profile screens, logout, the support box). */
export const Messages = {
  signupOk: 'Account created successfully',
  signupFailed: 'Something went wrong!',
  emailTaken: 'An account with this email already exists',
  loginOk: 'Logged in successfully',
  loginFailed: 'Login failed',
  badCredentials: 'Invalid email or password',
  fillAll: 'Please fill all fields',
  invalidEmail: 'Invalid email format',
  logoutOk: 'Logged out successfully!',
  logoutFailed: 'Logout failed. Please try again.',
  profileUpdated: 'Profile updated successfully!',
  profileUpdateFailed: 'Error updating profile',
  profileLoadFailed: 'Failed to load profile data',
  signedOut: 'Please log in to continue',
} as const
