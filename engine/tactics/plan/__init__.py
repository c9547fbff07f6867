"""The planner and what it looks at: ready-made turns found by search and scored in the open, their
consequences one phase ahead, forecasts to the end of a fight, and whole fights played by the planner."""
