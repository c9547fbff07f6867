"""The bot driven from outside, as players and the outside world meet it: a local play process and its
page, a fake model server, Tally (a tiny game), the moves of summon and tactics through SimCord, an
independent bowls. Shared by the tests and the benchmarks, so that neither imports the other."""
