# Regression for d1142a5 ("The judgement confirms a territory with the other side's stones
# inside before keeping them out of it"). yunzi resigned 9x9 games against GNU Go that its
# own search gave it (`strength.sh 9 50` at e75de42, games 27 and 44). Played on from these
# positions with resigning off, yunzi won both.
# What broke: the judgement took regions that one colour's walls seemed to enclose for
# that colour's territory and kept the other side's playouts out of them. Early in a game
# every chain is small and lies "inside" such walls, so the judgement counted the board
# for one side, and the engine, seeing the board "settled" and lost, resigned whatever
# its search said.
# Fixed: an enclosed region is a territory only where the other side's stones inside die
# in most playouts open to both sides; and a settled, lost board resigns only where the
# search agrees (below 0.5). The search's own playout budget decides here, so give it a real one.
#!args --threads 1 --seed 1 --playouts 3000

# Game 27, move 24 (../9x9-early-resign.sgf): all twelve of Black's stones, in chains of at
# most three, lay in one "territory" of White's; final_score said W+88.5 and genmove b
# resigned at a win rate of 0.89.
10 loadsgf ../9x9-early-resign.sgf
20 final_score
#? [B\+.*]
30 genmove b
#? [!resign]

# Game 44, move 33 (../9x9-open-side-resign.sgf): White's C7, B5 and B2-B3 on the open left
# side lay in one "territory" of Black's; final_score said B+73.5 and genmove w resigned at
# a win rate of 0.53. C7, alone on a side of open board, is not dead.
40 loadsgf ../9x9-open-side-resign.sgf
50 final_status_list dead
#? [!.*C7.*]
60 genmove w
#? [!resign]
