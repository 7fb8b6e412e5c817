export { InstallButton } from './InstallButton.tsx'
