"""A fight in English: button labels, turn summaries, the text board and typed turns parsed from text,
made when shown; and the log lines, which the rules still write into the saved fight as each event is
recorded (log_text.py)."""
