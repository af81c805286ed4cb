# genmove, reg_genmove and kgs-genmove_cleanup: answers are a vertex on the board, pass or
# resign, for either colour in any spelling. Search-free: no check depends on which move.
# Bad colours are refused in errors/genmove.gtp.

10 boardsize 9
20 clear_board

30 genmove b
#? [[A-HJ]\d|pass|resign]

40 genmove WHITE
#? [[A-HJ]\d|pass|resign]

50 reg_genmove black
#? [[A-HJ]\d|pass|resign]

# reg_genmove does not play: two moves are on the board, Black is still to move.
60 showboard
#? [.*move 2, Black to move.*]

70 kgs-genmove_cleanup b
#? [[A-HJ]\d|pass]

# On 2x2 every answer stays on the board.
100 boardsize 2
110 genmove b
#? [[AB][12]|pass|resign]
120 genmove w
#? [[AB][12]|pass|resign]
130 genmove b
#? [[AB][12]|pass|resign]
140 genmove w
#? [[AB][12]|pass|resign]

# The largest board: columns up to Z.
150 boardsize 25
160 genmove b
#? [[A-HJ-Z]\d{1,2}|pass|resign]
