# Regression for 6d93815 ("End of game: a settling move replaces the search's move only
# where the search rates it"). In all four 9x9 games yunzi lost against GNU Go level 10
# at 03e291c (`strength.sh 9 50`, games 1, 30, 44 and 49), it played, in the middle of a
# fight, a "settling" move that its search had never tried, or tried a few times, instead
# of the move the search rated best.
# What broke: the quick judgement took the board for nearly finished, and the end-of-game
# decision preferred a settling move (a liberty of a chain in atari, a dame) to the
# search's move wherever the judgement counted every stone settled and the game won, and
# otherwise wherever the search had not tried it (an untried move counted as 0.95 against
# the best's win rate less a margin, which it always passed).
# Fixed: a settling move replaces a play only where it is a dame that keeps its chain
# three liberties and the search's move lies idle in the middle of its own area (6d93815
# also let one through that the search rated within the margin on a tenth of the best
# move's visits; the next commit leaves those to the search too).
# The old code played the checked moves at every budget tried (1,000 and 5,000 playouts).
#!args --threads 1 --seed 1 --playouts 1000

# Game 1 (../9x9-untried-atari-save.sgf), move 45: Black saved A8-B7 from atari at A7,
# untried, where the search wanted F3; White cut at F3. Move 47: Black saved B4 at A4,
# untried, where the search wanted H2 (82%), and resigned two moves later.
10 loadsgf ../9x9-untried-atari-save.sgf 45
20 reg_genmove b
#? [!A7]
30 loadsgf ../9x9-untried-atari-save.sgf 47
40 reg_genmove b
#? [!A4]

# Game 44 (../9x9-own-liberty-dame.sgf), move 38: White filled the dame J1, a liberty of
# its own H1-H2, untried, where the search wanted G1 or G2 (99.9%); Black's G2 then cut
# the chain off, and White resigned at move 43.
50 loadsgf ../9x9-own-liberty-dame.sgf 38
60 reg_genmove w
#? [!J1]

# Game 30 (../9x9-dame-before-cut.sgf), move 38: White filled E5 (9 visits) where the
# search wanted G3 (98%) against Black's cut at F4; Black took G3 and White resigned at
# move 41.
70 loadsgf ../9x9-dame-before-cut.sgf 38
80 reg_genmove w
#? [!E5]
