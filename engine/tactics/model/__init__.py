"""What a fight is made of: the board, the content (fighters, skills, encounters), the steps a turn
is made of, the events a fight plays with the moments it keeps, the saved state and progress. No rules here."""
