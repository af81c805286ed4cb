# Regression for 2208280 ("Judge life and death with nakade, and pass only on a settled
# board"). What broke: the judgement's playouts never played a throw-in of more than one
# stone, so a group whose eye space the enemy could fill to a dead shape lived in every
# playout. In the 9x9 game against Pachi (../9x9-dead-group-counted-alive.sgf, from
# shared/positions), after Black's move 81 yunzi (White) passed a lost game: final_score
# said W+3.5 and final_status_list dead listed only B1 J1 J2, while White's 11 stones
# A7 A8 B6 B7 C7 C8 D8 D9 E8 E9 F9 are dead (a pyramid four with Black on its vital
# point B9; GNU Go and Pachi count B+21.5, rule 13). And on a finished board (two walls,
# no dame) genmove filled its own area instead of passing.
# Fixed: nakade throw-ins in the judgement's playouts; a pass only when every point is
# settled, and never where passing loses.

10 loadsgf ../9x9-dead-group-counted-alive.sgf 82
20 final_status_list dead
#? [B1\nJ1 J2\nB6 A7 B7 C7 A8 C8 D8 E8 D9 E9 F9]
30 final_score
#? [B\+21\.5]
40 genmove w
#? [!pass]

# Black owns columns A-E, White F-J, no dame: B+1.5 at komi 7.5. genmove b answered B5.
50 boardsize 9
60 clear_board
70 komi 7.5
80 play b E1
81 play w F1
82 play b E2
83 play w F2
84 play b E3
85 play w F3
86 play b E4
87 play w F4
88 play b E5
89 play w F5
90 play b E6
91 play w F6
92 play b E7
93 play w F7
94 play b E8
95 play w F8
96 play b E9
97 play w F9
98 genmove b
#? [pass]
