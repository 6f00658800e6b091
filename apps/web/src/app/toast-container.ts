// The toasts' container alone, for the dynamic import in providers.tsx: importing the package
// itself dynamically would keep all of it (container, transitions) in the chunk of every screen
// that calls `notifications.show`.
export { Notifications } from '@mantine/notifications';
