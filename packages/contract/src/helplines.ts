// No schema here: the helplines are on every page, and a schema would load the TypeBox builder with them.
export interface Helpline {
  name: string
  number: string
}

/** The spec's helpline list (section 9), in its order. */
export const HELPLINES: readonly Helpline[] = [
  { name: 'Women helpline', number: '1091' },
  { name: 'Senior citizen', number: '14567' },
  { name: 'Child abuse', number: '1098' },
  { name: 'Police', number: '100' },
  { name: 'Fire', number: '101' },
  { name: 'Ambulance', number: '102' },
  { name: 'Traffic Police', number: '103' },
  { name: 'Health', number: '104' },
  { name: 'Disaster management', number: '108' },
  { name: 'Railway', number: '131' },
  { name: 'Domestic abuse', number: '181' },
  { name: 'Anti corruption', number: '1031' },
  { name: 'Road accident', number: '1073' },
  { name: 'Anti terror', number: '1090' },
]

/** India's single emergency number, shown beside the list and used by SOS. */
export const EMERGENCY_NUMBER = '112'
