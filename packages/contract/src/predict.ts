import { type Static, Type } from 'typebox'

export const PREDICT_FACTORS = [
  'light_intensity',
  'traffic_density',
  'crowd_density',
  'crime_rate',
  'accident_rate',
] as const
export type PredictFactor = (typeof PREDICT_FACTORS)[number]

export const PredictMessages = {
  factor: (name: string) => `${name} must be a number from 1 to 100`,
  lat: (name: string) => `${name} must be a number from -90 to 90`,
  lon: (name: string) => `${name} must be a number from -180 to 180`,
} as const

const Factor = (name: PredictFactor) =>
  Type.Number({ title: name, minimum: 1, maximum: 100, errorMessage: PredictMessages.factor(name) })
const Lat = (name: string) =>
  Type.Number({ title: name, minimum: -90, maximum: 90, errorMessage: PredictMessages.lat(name) })
const Lon = (name: string) =>
  Type.Number({ title: name, minimum: -180, maximum: 180, errorMessage: PredictMessages.lon(name) })

/** POST /api/predict: the spec's manual estimator. Every factor is a number 1..100 (strings are refused). */
export const PredictBody = Type.Object(
  {
    lat1: Lat('lat1'),
    lon1: Lon('lon1'),
    lat2: Lat('lat2'),
    lon2: Lon('lon2'),
    light_intensity: Factor('light_intensity'),
    traffic_density: Factor('traffic_density'),
    crowd_density: Factor('crowd_density'),
    crime_rate: Factor('crime_rate'),
    accident_rate: Factor('accident_rate'),
  },
  { additionalProperties: false },
)
export type PredictBody = Static<typeof PredictBody>

/** 0..100, from packages/safety safetyScore with the estimator weights (no time of day). */
export const PredictResponse = Type.Object({ safety_score: Type.Number({ minimum: 0, maximum: 100 }) })
export type PredictResponse = Static<typeof PredictResponse>
