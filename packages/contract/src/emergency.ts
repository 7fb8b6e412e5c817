/**
 * India's single emergency number, first of the helplines and used by SOS. A module of its own: every screen dials
 * it, and the helplines' list (helplines.ts) then stays out of the first screen's script.
 */
export const EMERGENCY_NUMBER = '112'
