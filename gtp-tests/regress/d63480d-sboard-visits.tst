# Regression for d63480d ("List gogui-interrupt; keep sboard visit counts to GoGui's four
# characters"). What broke: yunzi-visits wrote a point's visit count in full, so past 9999
# visits (five digits and more) it overflowed the point in GoGui's string board; and
# gogui-interrupt was not listed, so GoGui never sent '# interrupt' to stop a genmove.
# Fixed: counts past 9999 are written in thousands (16k), at most four characters.

10 known_command gogui-interrupt
#? [true]

# The centre of an empty 5x5 board gets most of 20,000 playouts (seed 1): 16k visits,
# and the same position searched again keeps its tree, so more.
20 boardsize 5
30 yunzi-param playouts 20000
#? []
40 yunzi-visits
#? [((""|\d{1,4}|\d{1,3}k) ){4}(""|\d{1,4}|\d{1,3}k)(\n((""|\d{1,4}|\d{1,3}k) ){4}(""|\d{1,4}|\d{1,3}k)){4}]
50 yunzi-visits
#? [[^\n]*\n[^\n]*\n\S+ \S+ \d{1,3}k \S+ \S+\n.*]
