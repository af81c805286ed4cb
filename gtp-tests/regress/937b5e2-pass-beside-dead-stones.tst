# Regression for 937b5e2 ("before the opponent's pass, play the search's move on a liberty
# of stones counted dead instead of passing"). A 9x9 game GNU Go level 10 played as Black
# with 2 stones, komi 0.5, against a screening build of yunzi (`scripts/handicap.sh give 9
# 20`, game 8; docs/handicap.md, "A pass that gave away a group"). Before move 35 White's
# search rated E3 at 0.86 and never tried the pass, but the judgement counted Black's
# stones inside White's area (B3, C3, E2) dead and the board settled, so White passed;
# GNU Go then played E3 itself, its count took White's middle group for dead, and White
# resigned nine moves later. The binary before 937b5e2 passes here at any seed. E3 is a
# liberty of the dead E2: under area counting filling it costs nothing, so the search's
# move is played.
#!args --threads 1 --seed 1 --playouts 3000

10 loadsgf ../9x9-handicap-2-pass-away.sgf 35
20 genmove w
#? [!pass]
