# Disputed 19x19 games against GNU Go 3.8 (records/19x19-vs-gnugo/, docs/strength.md
# "Disputed games"): yunzi passed where its own count (the record's RE, the referee's yunzi
# scorer) and GNU Go's named different winners, and play after the pass (cleanup) lost
# them all. Each case loads the position one move before yunzi's pass (the first pass of
# the game's ending; yunzi's colour from PB/PW) and checks that yunzi no longer passes
# there: it settles, plays on or resigns.

# 5aa7745-game-0000: yunzi White, its pass was move 354; the record says W+12.5.
10 loadsgf ../records/19x19-vs-gnugo/5aa7745-game-0000.sgf 354
11 genmove w
#? [!pass]

# 5aa7745-game-0003: yunzi Black, its pass was move 239; the record says B+20.5.
20 loadsgf ../records/19x19-vs-gnugo/5aa7745-game-0003.sgf 239
21 genmove b
#? [!pass]

# 5aa7745-game-0005: yunzi Black, its pass was move 279; the record says B+3.5.
30 loadsgf ../records/19x19-vs-gnugo/5aa7745-game-0005.sgf 279
31 genmove b
#? [!pass]

# 8b7ffa2-game-0003: yunzi Black, its pass was move 317; the record says B+16.5.
40 loadsgf ../records/19x19-vs-gnugo/8b7ffa2-game-0003.sgf 317
41 genmove b
#? [!pass]

# 8b7ffa2-game-0018: yunzi White, its pass was move 260; the record says W+18.5.
50 loadsgf ../records/19x19-vs-gnugo/8b7ffa2-game-0018.sgf 260
51 genmove w
#? [!pass]

# 4fdcc6d-game-0000: yunzi White, its pass was move 252; the record says W+2.5.
60 loadsgf ../records/19x19-vs-gnugo/4fdcc6d-game-0000.sgf 252
61 genmove w
#? [!pass]

# bcf58d0-game-0012: yunzi White, its pass was move 262; the record says B+1.5.
70 loadsgf ../records/19x19-vs-gnugo/bcf58d0-game-0012.sgf 262
71 genmove w
#? [!pass]

# bcf58d0-game-0018: yunzi White, its pass was move 360; the record says B+3.5.
80 loadsgf ../records/19x19-vs-gnugo/bcf58d0-game-0018.sgf 360
81 genmove w
#? [!pass]

# 289a926-game-0015 (the 2026-12-01 match, after the nakade judgement): yunzi Black, its
# pass was move 303; its count said B+1.5, GNU Go's W+82.5, and cleanup play made it
# W+82.5. White's lower right group (two-point eye at P1 P2, an outside liberty at J1) wins
# its race with Black's chain around T2; the judgement's playouts used to fill that eye or
# take each throw-in there at once, and counted the White group dead.
130 loadsgf ../records/19x19-disputed/289a926-game-0015.sgf 303
131 genmove b
#? [!pass]

# 84d8107-game-0005 (records/19x19-disputed/README.md): the opposite fault. yunzi Black,
# winning B+1.5, played on into its own area while GNU Go passed: White's A17 A18 race a
# big black chain counted dead, and that kept the board open for Black too. A race beside
# one's own dead chain changes nothing that passing gives away when passing wins.
140 loadsgf ../records/19x19-disputed/84d8107-game-0005.sgf 381
141 genmove b
#? [pass]
