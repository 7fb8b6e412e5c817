/** Messages the server answers for failures that are not about one field. */
export const ErrorMessages = {
  bodyNotObject: 'Request body must be a JSON object',
  invalidJson: 'Request body is not valid JSON',
  unsupportedMediaType: 'Content-Type must be application/json',
  payloadTooLarge: 'Request body is too large',
  tooManyRequests: 'Too many requests. Please try again later.',
  tooManyLogins: 'Too many login attempts. Please try again later.',
  badOrigin: 'Request origin is not allowed',
  notFound: 'Not found',
  internal: 'Something went wrong. Please try again later.',
} as const
