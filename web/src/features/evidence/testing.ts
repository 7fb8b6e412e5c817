/** A MediaRecorder and a microphone stream for tests: recording starts and stops, no audio comes. */
export class FakeRecorder {
  static isTypeSupported = () => true
  mimeType = 'audio/webm'
  state = 'inactive'
  ondataavailable: ((event: { data: Blob }) => void) | null = null
  onstop: (() => void) | null = null
  start() {
    this.state = 'recording'
  }
  stop() {
    this.state = 'inactive'
    setTimeout(() => this.onstop?.(), 0)
  }
}
export const fakeStream = { getTracks: () => [{ stop: () => undefined, addEventListener: () => undefined }] }
