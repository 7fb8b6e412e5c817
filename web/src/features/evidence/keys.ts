/** Names shared by startup.ts (loaded with the header's account part) and the recorder, without the recorder's code. */

/** Local storage: recordings on this phone may need uploading or deleting on the server. */
export const PENDING_KEY = 'wings.evidence'
