# Resignation, with the default threshold (10%): a hopeless game resigns; `--resign never`
# is tested in search.tst, where lost positions still get a move.

10 loadsgf search-hopeless.sgf
20 reg_genmove w
#? [resign]

# The winning side never resigns.
30 reg_genmove b
#? [!resign]
