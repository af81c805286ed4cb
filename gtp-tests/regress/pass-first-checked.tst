# Regression for the pass check (src/search/pass_check.rs: a pass first is checked by a
# search of the position after it). A 9x9 game GNU Go level 10 played as Black with 2
# stones, komi 0.5, against a screening build of yunzi (the referee with
# `scripts/handicap.sh give 9`'s arguments, game 16; docs/handicap.md, "Where White's
# games collapse, and a pass checked by a search"). Before move 53 the judgement counted
# White's open lower right (D1 to J7) White's and the board settled, and White passed at
# 0.96 while its search rated E1 and E2 there at 0.96; Black's E2 then took White to 0.06
# and White resigned. E2 is a liberty of a chain short of liberties (at stake, so played
# before); E1 is not, and the binary before the check passes at this seed and budget.
# Now the search of the position after the pass finds Black's E2 (it leaves the pass
# about 0.1), and White plays on.
#!args --threads 1 --seed 6 --playouts 60000

10 loadsgf ../9x9-handicap-2-pass-into-an-open-corner.sgf 53
20 genmove w
#? [!pass]
