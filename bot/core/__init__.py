"""The platform-neutral core: game kinds, sessions, locks, timers and the reply model."""
