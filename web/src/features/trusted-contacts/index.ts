// Her trusted contacts on this phone and in her account. The store is the feature's whole public side: every feature
// that texts or manages them uses it.
export * from './contacts.ts'
export { TrustedContactText, trustedContactProblemsText, trustedContactText } from './text.ts'
