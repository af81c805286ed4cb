# The search's judgement, deterministic: one thread, a fixed seed and a playout budget.
# Positions come from the search-*.sgf fixtures (setup stones, side to move).
#!args --threads 1 --seed 1 --playouts 3000 --resign never

# Resigning is off here (resign.tst tests it), so lost positions still show their best move.
# Positions are chosen (with komi where needed) so that the point in question decides the
# game: the search maximises its chance of winning, so elsewhere it may rightly not care.

# Capture the obvious: a white stone in atari at C2 that runs out to three liberties
# unless taken (5x5, komi 10). A chain whose run only ends in a ladder would not do: the
# playouts read ladders, so every move wins there.
10 loadsgf search-atari.sgf
20 reg_genmove b
#? [C2]

# Save a chain in atari: White runs out at C2.
30 reg_genmove w
#? [C2]

# Straight three in the corner (A1 B1 C1): the middle point kills, or lives. With komi 66
# Black wins exactly when the corner dies.
40 loadsgf search-corner.sgf
45 komi 66
50 reg_genmove b
#? [B1]
60 reg_genmove w
#? [B1]

# A finished game, komi 0.5: White (45 points to 36) answers Black's pass with a pass.
70 loadsgf search-finished.sgf
80 play b pass
90 reg_genmove w
#? [pass]
# Black is behind and nothing helps: whatever it does, it fills none of its own eyes.
100 undo
110 play w pass
120 reg_genmove b
#? [!A9|C9|A7|C7|A5|C5|A3|C3|A1|C1]

# Dead stones: the lone white stone in Black's corner, the lone black stone in White's.
150 loadsgf search-dead.sgf
160 final_status_list dead
#? [B8\nH2|H2\nB8]
170 final_status_list seki
#? []
180 final_score
#? [B\+.*|W\+.*]

# Seki: a white ring sharing its two inner liberties with three black stones; nobody fills
# them (Black's throw-in would leave White a straight four). With one black stone in a
# three-point space, as this file once had, the ring is dead by nakade.
190 loadsgf search-seki.sgf
200 final_status_list seki
#? [.*E6.*]
210 final_status_list dead
#? []
