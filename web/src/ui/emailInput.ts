/** An e-mail input's attributes: the e-mail keyboard, and the browser may fill it in. */
export const EMAIL_INPUT = { type: 'email', inputMode: 'email', autoComplete: 'email' } as const
