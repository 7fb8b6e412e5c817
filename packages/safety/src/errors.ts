/** Thrown for an input the safety model cannot score (a factor out of 1..100, a bad hour, a negative count...). */
export class SafetyInputError extends Error {
  readonly code = 'INVALID_SAFETY_INPUT'
  /** The offending field, e.g. `light_intensity`, `hour`, `features.shops`. */
  readonly field: string

  constructor(field: string, message: string) {
    super(message)
    this.name = 'SafetyInputError'
    this.field = field
  }
}
