# Regression for 096cb66 ("before the opponent's pass, also play the search's move on a
# liberty of a chain short of liberties"). A 9x9 even game, yunzi Black against GNU Go
# level 10 (`scripts/strength.sh 9 50` at 937b5e2, game 27). White's E7 left Black's E8-E9
# with two liberties. Before move 35 Black's search rated D8, which connects it, at 0.99,
# but the judgement counted the chain safe (and White's C3-C5 dead) and the board settled,
# so Black passed; White's D8 then cut the chain off and took it, and Black resigned. The
# binaries before 096cb66 pass here at any seed; under area counting a move on a liberty
# of a two-liberty chain costs nothing, so the search's move is played.
#!args --threads 1 --seed 1 --playouts 3000

10 loadsgf ../9x9-pass-beside-a-short-chain.sgf 35
20 genmove b
#? [!pass]
