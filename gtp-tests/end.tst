# The end of the game: on finished 9x9 boards genmove passes when every point is settled
# and plays the move that settles what is not (a dame, a ko), under area counting
# (end-japanese.tst: the same under territory counting). Positions are built with play.

# A wall with no dame: Black owns columns A-E, White F-J (B+1.5). Every point is
# settled, so Black passes though White has not (filling its own area changes nothing,
# and costs a point under territory counting, rule 18).
1001 boardsize 9
1002 clear_board
1003 komi 7.5
1004 play b E1
1005 play b E2
1006 play b E3
1007 play b E4
1008 play b E5
1009 play b E6
1010 play b E7
1011 play b E8
1012 play b E9
1013 play w F1
1014 play w F2
1015 play w F3
1016 play w F4
1017 play w F5
1018 play w F6
1019 play w F7
1020 play w F8
1021 play w F9
1022 final_score
#? [B\+1\.5]
1023 genmove b
#? [pass]
# White, to move on the same board, has lost by 1.5 with nothing left to settle: it
# resigns rather than play on into its own area while Black passes (a 19x19 match game
# went 150 moves that way).
1099 genmove w
#? [resign]

# A wall with one dame, F9, between Black's F1-F8 and E9 and White's G column: it is
# worth half a point under area counting (rule 14) and closes the border; Black fills it.
1024 boardsize 9
1025 clear_board
1026 komi 7.5
1027 play b F1
1028 play b F2
1029 play b F3
1030 play b F4
1031 play b F5
1032 play b F6
1033 play b F7
1034 play b F8
1035 play b E9
1036 play w G1
1037 play w G2
1038 play w G3
1039 play w G4
1040 play w G5
1041 play w G6
1042 play w G7
1043 play w G8
1044 play w G9
1045 genmove b
#? [F9]

# The wall of the first case with a lone white stone at B5 in Black's area: dead
# (rule 13), taken off in the count, and nothing to play for: Black passes.
1048 boardsize 9
1049 clear_board
1050 komi 7.5
1051 play b E1
1052 play b E2
1053 play b E3
1054 play b E4
1055 play b E5
1056 play b E6
1057 play b E7
1058 play b E8
1059 play b E9
1060 play w F1
1061 play w F2
1062 play w F3
1063 play w F4
1064 play w F5
1065 play w F6
1066 play w F7
1067 play w F8
1068 play w F9
1069 play w B5
1070 final_status_list dead
#? [B5]
1071 genmove b
#? [pass]

# Seki (rule 13): a white ring shares its two inner liberties with three black stones
# (Black's throw-in would leave White a straight four); the rest is Black's. Nobody
# fills a shared liberty: Black passes.
1072 boardsize 9
1073 clear_board
1074 komi 7.5
1075 play b B8
1076 play b C8
1077 play b D8
1078 play b E8
1079 play b F8
1080 play b G8
1081 play b H8
1082 play b A7
1083 play b J7
1084 play b A6
1085 play b J6
1086 play b D6
1087 play b E6
1088 play b F6
1089 play b A5
1090 play b J5
1091 play b B4
1092 play b C4
1093 play b D4
1094 play b E4
1095 play b F4
1096 play b G4
1097 play b H4
1098 play w B7
1099 play w C7
1100 play w D7
1101 play w E7
1102 play w F7
1103 play w G7
1104 play w H7
1105 play w B6
1106 play w H6
1107 play w B5
1108 play w C5
1109 play w D5
1110 play w E5
1111 play w F5
1112 play w G5
1113 play w H5
1114 final_status_list seki
#? [.*E6.*]
1115 final_status_list dead
#? []
1116 genmove b
#? [pass]

# A ko left open on the wall (rule 10): White's E5 is in atari at F5, and komi 7.5
# makes it decide the game. Black takes it, White connects; neither passes.
1117 boardsize 9
1118 clear_board
1119 komi 7.5
1120 play b E1
1121 play b E2
1122 play b E3
1123 play b E4
1124 play b E6
1125 play b E7
1126 play b E8
1127 play b E9
1128 play b D5
1129 play w F1
1130 play w F2
1131 play w F3
1132 play w F4
1133 play w F6
1134 play w F7
1135 play w F8
1136 play w F9
1137 play w G5
1138 play w E5
1139 genmove b
#? [F5]
1140 undo
1141 genmove w
#? [F5]
