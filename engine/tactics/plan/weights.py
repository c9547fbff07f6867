"""The planner's weights: what a kill, a dodge, a cash-in, a set-up, an opportunity attack, a status,
an exit and a fall are worth, and how much a look ahead outweighs them."""

MAX_TURNS = 6
W_KILL, W_DODGE, W_CASHIN, W_SETUP, W_OA, W_STATUS = 10, 3, 5, 3, 5, 2
SHORTLIST = 10
W_EXIT = 15
W_FALL = 40
# One phase ahead: a win or loss outweighs everything; HP counts twice for the duo, once for the pack.
W_RESULT, W_DOWNED, W_DUO_HP, W_EXIT_STEP, W_EXIT_STEP_CLOSED, W_AHEAD = 1000, 60, 2, 4, 1, 4
LOOKAHEAD_TURNS = 7   # the best turns by the quick score that are looked at one phase ahead (CPU)
HURTFUL_PUSHES = ("splat", "water", "shallows", "deep_water")   # pushes that end in a splat, water or deep water
