# GoGui's analyze commands: the listing, each listed command in its type, and the search
# parameters (bad values refused: errors/analyze.gtp). The streaming commands (lz-analyze,
# kata-analyze and their genmove variants) do not fit one-response-per-command files;
# src/gtp/tests.rs covers them.

1 gogui-analyze_commands
#? [dboard/Ownership/yunzi-ownership\nsboard/Visits/yunzi-visits\ngfx/Win rates/yunzi-winrates\ngfx/Principal variation/yunzi-pv\nstring/Result in stones/yunzi-result\nparam/Search parameters/yunzi-param]

2 known_command yunzi-ownership
#? [true]
3 known_command lz-analyze
#? [true]
4 known_command kata-analyze
#? [true]
5 known_command analyze
#? [true]
# GoGui sends '# interrupt' only to engines that list gogui-interrupt.
6 known_command gogui-interrupt
#? [true]
7 gogui-interrupt
#? []

10 boardsize 5
11 play b c3

# dboard: five rows of five values in -1..1; Black's lone centre stone is mostly Black's.
20 yunzi-ownership
#? [(-?[01]\.\d\d ){4}-?[01]\.\d\d(\n(-?[01]\.\d\d ){4}-?[01]\.\d\d){4}]
21 yunzi-ownership
#? [.*\n-?[01]\.\d\d -?[01]\.\d\d (0\.[5-9]\d|1\.00) -?[01]\.\d\d -?[01]\.\d\d\n.*]

# sboard: five rows of five strings; C3 holds a stone, so no visits there.
30 yunzi-visits
#? [((""|\d+k?) ){4}(""|\d+k?)(\n((""|\d+k?) ){4}(""|\d+k?)){4}]
31 yunzi-visits
#? [.*\n(\S+ ){2}"" (\S+ )\S+\n.*]

# gfx: win rates as labels and a summary; the principal variation as VAR, White first.
40 yunzi-winrates
#? [LABEL( [A-E][1-5] \d+)+\nTEXT White to move: best \S+, win rate \d+\.\d%, \d+ visits]
41 yunzi-pv
#? [VAR w [A-E][1-5]( [bw] [A-E][1-5])*]

# The analyze commands leave the game as it was.
42 list_stones black
#? [C3]
43 showboard
#? [.*White to move.*]

# param: the settings, changed one by one.
50 yunzi-param
#? [\[string\] threads 1\n\[string\] playouts 200\n\[string\] default_seconds 5\n\[string\] max_seconds_per_move 60\n\[string\] resign 0.1\n\[bool\] ponder 0\n\[bool\] live_gfx 0]
51 yunzi-param playouts 50
#? []
52 yunzi-param resign 0
#? []
53 yunzi-param
#? [.*playouts 50\n.*resign never\n.*]
56 genmove w
#? [[A-E][1-5]|pass]
# Live graphics go to stderr: genmove answers as ever.
57 yunzi-param live_gfx 1
#? []
58 yunzi-param
#? [.*\[bool\] live_gfx 1]
59 genmove b
#? [[A-E][1-5]|pass]
