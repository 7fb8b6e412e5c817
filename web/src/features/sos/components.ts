// The WhatsApp link, apart from index.ts because it brings its styles (see index.ts).
export { WhatsAppLink } from './WhatsAppLink.tsx'
