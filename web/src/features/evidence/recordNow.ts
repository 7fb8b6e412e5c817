import { showRecordingBar } from './bar.tsx'
import { browserRecorderEnv, startRecording } from './recorder.ts'
import { runUploads } from './uploads.ts'

/** Starts recording with the page's microphone: the bar shows on every screen, and each chunk wakes the uploader. */
export async function recordNow() {
  const state = await startRecording({ ...browserRecorderEnv(), onChunk: runUploads })
  if (state.status === 'recording') {
    showRecordingBar()
    runUploads()
  }
  return state
}
