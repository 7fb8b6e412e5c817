export { FakeCallMount } from './FakeCallMount.tsx'
export { cancelCall, scheduleCall, scheduledCall } from './schedule.ts'
