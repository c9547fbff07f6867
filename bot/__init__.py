"""The application: sessions, front-ends, renderers and the companion pilot."""
