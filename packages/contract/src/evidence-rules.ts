/**
 * Evidence recordings (docs/evidence.md): the limits and messages, plain values without TypeBox so the web can use
 * them at runtime.
 */

/** The most one chunk may hold (the phone records 5-second chunks, a few tens of kilobytes each). */
export const EVIDENCE_CHUNK_MAX_BYTES = 512 * 1024
/** The longest recording: the phone stops by itself at this length, and the server refuses a longer one. */
export const EVIDENCE_MAX_DURATION_MS = 2 * 60 * 60 * 1000
/** Chunks of one recording: two hours of 5-second chunks, with room for shorter ones. */
export const EVIDENCE_MAX_CHUNKS = 2000
/** The bytes of one recording (two hours of speech-quality audio is well under this). */
export const EVIDENCE_RECORDING_MAX_BYTES = 100 * 1024 * 1024
/** The bytes all of one person's recordings may take on the server. */
export const EVIDENCE_USER_MAX_BYTES = 500 * 1024 * 1024
/** Audio only, as MediaRecorder names it ('audio/webm;codecs=opus', 'audio/mp4'). */
export const EVIDENCE_MIME_PATTERN = '^audio/[a-z0-9.+-]{1,40}(;[ ]?[a-z0-9=.,+\\- ]{1,60})?$'
/** The client makes a recording's id: a UUID. */
export const EVIDENCE_ID_PATTERN = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'

/** GET: the whole recording as one audio file (not JSON, so not in the API table). */
export const evidenceAudioPath = (id: string) => `/api/evidence/${encodeURIComponent(id)}/audio`

export const EvidenceMessages = {
  notFound: 'This recording does not exist',
  chunkStored: 'Chunk stored',
  chunkAlreadyStored: 'This chunk was already stored',
  chunkDiffers: 'A different chunk is already stored at this place in the recording',
  chunkGap: 'This chunk is not the next one: send the chunk the server expects next',
  chunkEmpty: 'A chunk must not be empty',
  chunkTooLarge: `A chunk may hold at most ${EVIDENCE_CHUNK_MAX_BYTES / 1024} KB`,
  finished: 'This recording is complete and takes no more chunks',
  countMismatch: 'The number of chunks does not match what the server stored',
  tooLong: 'A recording may last at most 2 hours',
  recordingTooLarge: `A recording may take at most ${EVIDENCE_RECORDING_MAX_BYTES / (1024 * 1024)} MB`,
  quotaFull: `Your recordings take the ${EVIDENCE_USER_MAX_BYTES / (1024 * 1024)} MB Wings keeps for you: delete some to upload more`,
  tooManyChunks: 'Too many chunks sent at once. Please wait a moment.',
  started: 'Recording started',
  complete: 'Recording saved',
  deleted: 'Recording deleted',
} as const
