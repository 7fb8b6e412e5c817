import type { ReportValues } from './report.ts'

/** The tests' "now": 21:30 on 10 May 2026. */
export const NOW = new Date(2026, 4, 10, 21, 30)

/** A report the form accepts (harassment an hour before NOW, at her location), with `over` changed. */
export const valid = (over: Partial<ReportValues> = {}): ReportValues => ({
  category: 'harassment',
  when: '2026-05-10T20:15',
  where: { lat: 19.0761, lon: 72.8777, label: 'Your location' },
  description: '',
  ...over,
})
