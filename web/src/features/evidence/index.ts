// Evidence recording (docs/evidence.md): one lazy chunk, loaded on her tap on "Record audio" in the SOS sheet, and at
// app start when recordings wait for upload (startup.ts).

export { recordNow } from './recordNow.ts'
export { SheetRecorder } from './SheetRecorder.tsx'
export { runUploads } from './uploads.ts'
