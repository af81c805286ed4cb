# Regression for 26f199e ("Dynamic komi credits White in handicap games, and a person sees
# the real komi"). Two 9x9 games GNU Go level 10 played as Black with 2 stones, komi 0.5,
# against yunzi at 26f199e (`scripts/handicap.sh give 9 20`, games 5 and 14), both won by
# yunzi as White (W+3.5 and W+16.5). In these positions the binary before it resigned as
# White: its search charged White 7 points a stone instead of crediting it (the sign was
# the wrong way round) and left out the 2 points of compensation (rule 17), so it saw 7%
# and resigned on that. Now the search credits White for the stones, and the win rate it
# shows and resigns on is the real komi's: about a third in game 5, about a half in 14.
# (Since 2026-12-05 White gets no credit on boards under 13 lines: it plays at the real
# komi, which these positions test.)
#!args --threads 1 --seed 1 --playouts 3000

# Game 5 before move 21: the old binary showed "win rate 7.4%" and resigned.
10 loadsgf ../9x9-handicap-2-behind.sgf 21
20 yunzi-winrates
#? [.*TEXT White to move: best \S+, win rate [2-9]\d\.\d%.*]
30 genmove w
#? [!resign]

# Game 14 before move 33: the old binary saw 7% and resigned.
40 loadsgf ../9x9-handicap-2-resign.sgf 33
50 yunzi-winrates
#? [.*TEXT White to move: best \S+, win rate [3-9]\d\.\d%.*]
60 genmove w
#? [!resign]
