"""The companion's prompt templates, shipped as package data."""
