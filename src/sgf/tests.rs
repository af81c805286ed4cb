use super::*;
use SgfColor::{Black, White};

/// Tiny deterministic xorshift64 generator.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }
}

const REAL_GAME: &str = "\u{feff}(;GM[1]FF[4]CA[UTF-8]AP[Hand:1.0]ST[2]
RU[Chinese]SZ[19]KM[7.50]HA[0]
PW[Lee Sedol]PB[AlphaGo]WR[9p]DT[2016-03-09]
RE[B+R]
C[Game one.
The commentary has a bracket \\] and a backslash \\\\ and a soft\\
 break.]
;B[pd]C[first move];W[dp]
;B[cd]
(;W[qp]BL[100.0];B[op]
  (;W[oq]
  ;B[nq];W[pq]CR[pq])
  (;W[pq];B[oq]))
(;W[dc]LB[dc:A];B[ce](;W[tt]))
)
(;GM[1]SZ[9];B[aa])
";

#[test]
fn real_game_main_line() {
    let g = parse(REAL_GAME).expect("parses");
    assert_eq!(g.size, 19);
    assert_eq!(g.komi, Some(7.5));
    assert_eq!(g.handicap, Some(0));
    assert_eq!(g.rules.as_deref(), Some("Chinese"));
    assert_eq!(g.result.as_deref(), Some("B+R"));
    assert_eq!(g.player_black.as_deref(), Some("AlphaGo"));
    assert_eq!(g.player_white.as_deref(), Some("Lee Sedol"));
    assert_eq!(
        g.comment.as_deref(),
        Some("Game one.\nThe commentary has a bracket ] and a backslash \\ and a soft break.")
    );
    let expected = vec![
        (Black, Some((15, 3))),
        (White, Some((3, 15))),
        (Black, Some((2, 3))),
        (White, Some((16, 15))),
        (Black, Some((14, 15))),
        (White, Some((14, 16))),
        (Black, Some((13, 16))),
        (White, Some((15, 16))),
    ];
    assert_eq!(g.moves, expected);
    assert!(g.setup_black.is_empty() && g.setup_white.is_empty());
    assert_eq!(g.to_play, None);
}

#[test]
fn escaped_text() {
    let g = parse("(;PB[a\\]b\\\\c\\d]PW[line\\\r\njoined]C[x\\\n\ry]RE[W+\\\\])").unwrap();
    assert_eq!(g.player_black.as_deref(), Some("a]b\\cd"));
    assert_eq!(g.player_white.as_deref(), Some("linejoined"));
    assert_eq!(g.comment.as_deref(), Some("xy"));
    assert_eq!(g.result.as_deref(), Some("W+\\"));
    // Raw line breaks are kept.
    let g = parse("(;C[two\nlines])").unwrap();
    assert_eq!(g.comment.as_deref(), Some("two\nlines"));
}

#[test]
fn compressed_point_lists() {
    let g = parse("(;SZ[9]AB[aa:cc][ee]AW[gh:fg]AE[ii])").unwrap();
    let mut black = g.setup_black.clone();
    black.sort();
    let mut want = vec![];
    for x in 0..3 {
        for y in 0..3 {
            want.push((x, y));
        }
    }
    want.push((4, 4));
    assert_eq!(black, want);
    assert_eq!(g.setup_white, vec![(5, 6), (6, 6), (5, 7), (6, 7)]);
    assert_eq!(g.setup_empty, vec![(8, 8)]);
    assert_eq!(
        parse("(;SZ[9]AB[aa:jj])"),
        Err(SgfError::BadPoint("AB[jj] on a 9x9 board".into()))
    );
}

#[test]
fn setup_across_nodes_before_first_move() {
    let g = parse("(;SZ[9]AB[aa][bb]AW[cc];AE[aa]AW[bb]PL[W];W[dd]AB[ee];B[ff])").unwrap();
    assert_eq!(g.setup_black, vec![(4, 4)]);
    assert_eq!(g.setup_white, vec![(1, 1), (2, 2)]);
    assert_eq!(g.setup_empty, vec![(0, 0)]);
    assert_eq!(g.to_play, Some(White));
    assert_eq!(g.moves, vec![(White, Some((3, 3))), (Black, Some((5, 5)))]);
}

#[test]
fn setup_after_moves_is_unsupported() {
    for text in [
        "(;B[aa];AB[bb])",
        "(;B[aa];W[bb]AW[cc])",
        "(;B[aa];AE[aa])",
        "(;B[aa];PL[B])",
    ] {
        assert!(
            matches!(parse(text), Err(SgfError::Unsupported(_))),
            "{text}"
        );
    }
}

#[test]
fn tt_pass_and_point() {
    let g = parse("(;SZ[19];B[tt];W[ss])").unwrap();
    assert_eq!(g.moves, vec![(Black, None), (White, Some((18, 18)))]);
    let g = parse("(;B[tt])").unwrap();
    assert_eq!(g.moves, vec![(Black, None)]);
    let g = parse("(;SZ[13];W[tt])").unwrap();
    assert_eq!(g.moves, vec![(White, None)]);
    for size in [20u8, 21, 25] {
        let g = parse(&format!("(;SZ[{size}];B[tt];W[])")).unwrap();
        assert_eq!(g.moves, vec![(Black, Some((19, 19))), (White, None)]);
    }
    let g = parse("(;SZ[25];B[yy])").unwrap();
    assert_eq!(g.moves, vec![(Black, Some((24, 24)))]);
    // tt is not a pass inside a point list.
    assert!(matches!(parse("(;AB[tt])"), Err(SgfError::BadPoint(_))));
}

#[test]
fn empty_move_is_pass() {
    let g = parse("(;SZ[9];B[];W[ ];B[ee])").unwrap();
    assert_eq!(
        g.moves,
        vec![(Black, None), (White, None), (Black, Some((4, 4)))]
    );
}

#[test]
fn defaults() {
    let g = parse("(;)").unwrap();
    assert_eq!(g, SgfGame::default());
    assert_eq!(g.size, 19);
    let g = parse("(;GM[1]FF[4];B[aa])").unwrap();
    assert_eq!(g.size, 19);
    assert_eq!(parse("(;SZ[ 9 ])").unwrap().size, 9);
    assert_eq!(parse("(;SZ[13:13])").unwrap().size, 13);
    assert_eq!(parse("(;SZ[1])").unwrap().size, 1);
}

#[test]
fn whitespace_between_tokens() {
    let g = parse(
        " \n( ; SZ [9] \t KM [6.5] AB [aa] \r\n [bb] ; B [cc] ( ; W [dd] ) ( ; W [ee] ) ) \n",
    )
    .unwrap();
    assert_eq!(g.size, 9);
    assert_eq!(g.komi, Some(6.5));
    assert_eq!(g.setup_black, vec![(0, 0), (1, 1)]);
    assert_eq!(g.moves, vec![(Black, Some((2, 2))), (White, Some((3, 3)))]);
}

#[test]
fn old_style_identifiers() {
    let g = parse("(;GaMe[1]SiZe[9]AddBlack[aa]PlayerBlack[Old];B[bb])").unwrap();
    assert_eq!(g.size, 9);
    assert_eq!(g.setup_black, vec![(0, 0)]);
    assert_eq!(g.player_black.as_deref(), Some("Old"));
    assert!(matches!(parse("(;foo[bar])"), Err(SgfError::Syntax(_))));
}

#[test]
fn first_game_of_collection() {
    let g = parse("(;SZ[9];B[aa])(;SZ[13];B[bb])").unwrap();
    assert_eq!(g.size, 9);
    assert_eq!(g.moves, vec![(Black, Some((0, 0)))]);
    // The later games are only syntax-checked.
    assert_eq!(parse("(;SZ[9])(;GM[2]SZ[99])").unwrap().size, 9);
    assert!(matches!(parse("(;SZ[9])(;B[aa]"), Err(SgfError::Syntax(_))));
}

#[test]
fn malformed_inputs() {
    let syntax = [
        "",
        "   ",
        "hello",
        "(;B[aa]",
        "(;B[aa]))",
        ")(;B[aa])",
        "(B[aa])",
        "()",
        "(;B[aa](B[bb]))",
        "((;B[aa]))",
        ";B[aa]",
        "(;B[aa]W[bb])",
        "(;B[aa]B[bb])",
        "(;B[aa][bb])",
        "(;B[aa)",
        "(;B[aa\\])",
        "(;B)",
        "(;B aa)",
        "(;B[aa](;W[bb]);B[cc])",
        "(;KM[seven])",
        "(;KM[inf])",
        "(;KM[NaN])",
        "(;HA[300])",
        "(;HA[-1])",
        "(;PL[X])",
        "(;GM[go])",
        "(;SZ[9][9])",
        "(;SZ[9]) junk",
    ];
    for text in syntax {
        let r = parse(text);
        assert!(matches!(r, Err(SgfError::Syntax(_))), "{text:?} gave {r:?}");
    }
    assert_eq!(parse("(;GM[2])"), Err(SgfError::NotGo));
    assert_eq!(parse("(;GM[3]SZ[8])"), Err(SgfError::NotGo));
    for size in ["0", "26", "52", "19:17", "x", "", "-1", "99999999999"] {
        assert_eq!(
            parse(&format!("(;SZ[{size}])")),
            Err(SgfError::BadSize),
            "{size}"
        );
    }
    for text in [
        "(;SZ[9];B[jj])",
        "(;B[a])",
        "(;B[abc])",
        "(;B[a1])",
        "(;B[zz])",
        "(;SZ[19];W[Aa])",
        "(;AB[aa:zz])",
        "(;AB[])",
    ] {
        assert!(
            matches!(parse(text), Err(SgfError::BadPoint(_))),
            "{text:?} gave {:?}",
            parse(text)
        );
    }
}

#[test]
fn error_messages() {
    let e = parse("(;SZ[9]\n;B[aa]\n;W[bb]]").unwrap_err();
    assert_eq!(
        e,
        SgfError::Syntax("expected a property, ';', '(' or ')' (line 3, column 7)".into())
    );
    let e = parse("(;B[aa]").unwrap_err();
    assert!(e.to_string().contains("missing ')'"), "{e}");
    let e = parse("(;C[never closed").unwrap_err();
    assert!(e.to_string().contains("line 1, column 4"), "{e}");
    for e in [
        SgfError::Syntax("x".into()),
        SgfError::NotGo,
        SgfError::BadSize,
        SgfError::BadPoint("B[zz]".into()),
        SgfError::Unsupported("y".into()),
    ] {
        assert!(!e.to_string().is_empty());
    }
}

#[test]
fn deep_nesting_does_not_overflow() {
    // Deep but within the limit: a chain of single-child variations.
    let depth = 5_000;
    let mut s = String::new();
    for i in 0..depth {
        s.push_str(if i % 2 == 0 { "(;B[]" } else { "(;W[]" });
    }
    s.push_str(&")".repeat(depth));
    let g = parse(&s).unwrap();
    assert_eq!(g.moves.len(), depth);
    // Too deep, balanced or not: an error, not a crash.
    let deep = 1_000_000;
    let s = format!("{}{}", "(;".repeat(deep), ")".repeat(deep));
    assert!(matches!(parse(&s), Err(SgfError::Unsupported(_))));
    assert!(parse(&"(".repeat(deep)).is_err());
    assert!(parse(&")".repeat(deep)).is_err());
    // A long flat game is fine.
    let s = format!("(;SZ[9]{})", ";B[aa];W[]".repeat(100_000));
    assert_eq!(parse(&s).unwrap().moves.len(), 200_000);
}

#[test]
fn write_format() {
    let g = SgfGame {
        size: 9,
        komi: Some(7.5),
        moves: vec![(Black, Some((3, 3))), (White, None)],
        ..SgfGame::default()
    };
    assert_eq!(
        write(&g),
        "(;FF[4]GM[1]CA[UTF-8]SZ[9]KM[7.5]\n;B[dd];W[])\n"
    );
    let g = SgfGame {
        komi: Some(6.0),
        handicap: Some(2),
        rules: Some("Chinese".into()),
        result: Some("W+0.5".into()),
        player_black: Some("b]".into()),
        player_white: Some("w\\".into()),
        setup_black: vec![(3, 15), (15, 3)],
        setup_white: vec![(0, 0)],
        setup_empty: vec![(1, 1)],
        to_play: Some(White),
        comment: Some(String::new()),
        ..SgfGame::default()
    };
    assert_eq!(
        write(&g),
        "(;FF[4]GM[1]CA[UTF-8]SZ[19]KM[6]RU[Chinese]HA[2]PB[b\\]]PW[w\\\\]RE[W+0.5]\
         AB[dp][pd]AW[aa]AE[bb]PL[W])\n"
    );
    assert_eq!(write(&SgfGame::default()), "(;FF[4]GM[1]CA[UTF-8]SZ[19])\n");
    // A line break every ten moves.
    let g = SgfGame {
        moves: vec![(Black, None); 25],
        ..SgfGame::default()
    };
    assert_eq!(write(&g).lines().count(), 4);
}

fn random_text(rng: &mut Rng) -> Option<String> {
    const ALPHABET: &[char] = &[
        'a', 'Z', ' ', ']', '[', '\\', '\n', '\r', ':', ';', '(', ')', 'é', '中', '+', '\t',
    ];
    if rng.chance(40) {
        return None;
    }
    let len = 1 + rng.below(12);
    Some(
        (0..len)
            .map(|_| ALPHABET[rng.below(ALPHABET.len())])
            .collect(),
    )
}

fn random_game(rng: &mut Rng) -> SgfGame {
    let size = 1 + rng.below(25) as u8;
    let mut points: Vec<SgfPoint> = (0..size)
        .flat_map(|x| (0..size).map(move |y| (x, y)))
        .collect();
    // Fisher-Yates shuffle.
    for i in (1..points.len()).rev() {
        points.swap(i, rng.below(i + 1));
    }
    let mut take = |rng: &mut Rng| {
        let k = if rng.chance(50) {
            0
        } else {
            rng.below(points.len().min(8) + 1)
        };
        points.split_off(points.len() - k.min(points.len()))
    };
    let setup_black = take(rng);
    let setup_white = take(rng);
    let setup_empty = take(rng);
    let komi = match rng.below(4) {
        0 => None,
        1 => Some(rng.below(200) as f64 / 2.0 - 50.0),
        2 => Some(f64::from_bits(rng.next())).filter(|k| k.is_finite()),
        _ => Some(rng.below(1000) as f64 * 0.1),
    };
    let color = |rng: &mut Rng| if rng.chance(50) { Black } else { White };
    let n_moves = rng.below(40);
    let moves = (0..n_moves)
        .map(|_| {
            let p = if rng.chance(10) {
                None
            } else {
                Some((rng.below(size.into()) as u8, rng.below(size.into()) as u8))
            };
            (color(rng), p)
        })
        .collect();
    SgfGame {
        size,
        komi,
        handicap: rng.chance(30).then(|| rng.below(256) as u8),
        rules: random_text(rng),
        result: random_text(rng),
        setup_black,
        setup_white,
        setup_empty,
        to_play: rng.chance(30).then(|| color(rng)),
        moves,
        player_black: random_text(rng),
        player_white: random_text(rng),
        comment: random_text(rng),
    }
}

#[test]
fn round_trip() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for _ in 0..3_000 {
        let g = random_game(&mut rng);
        let text = write(&g);
        assert_eq!(parse(&text), Ok(g.clone()), "{text}");
    }
    let g = parse(REAL_GAME).unwrap();
    assert_eq!(parse(&write(&g)), Ok(g));
}

/// Parses without panicking; anything accepted must survive a round trip.
/// Returns whether the text was accepted.
fn check(text: &str) -> bool {
    match parse(text) {
        Ok(g) => {
            let again = write(&g);
            assert_eq!(parse(&again), Ok(g), "input {text:?}");
            true
        }
        Err(_) => false,
    }
}

#[test]
fn fuzz_never_panics() {
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    // Random bytes, biased towards SGF syntax.
    const SGF_BYTES: &[u8] = b"();[]\\:ABWEPLSZGMKMHAtt aszy19\n\r";
    for _ in 0..4_000 {
        let len = rng.below(120);
        let bytes: Vec<u8> = (0..len)
            .map(|_| {
                if rng.chance(70) {
                    SGF_BYTES[rng.below(SGF_BYTES.len())]
                } else {
                    rng.next() as u8
                }
            })
            .collect();
        check(&String::from_utf8_lossy(&bytes));
    }
    // Mutated valid records.
    let mut corpus: Vec<Vec<u8>> = vec![
        REAL_GAME.as_bytes().to_vec(),
        b"(;SZ[9]AB[aa:cc]AW[ee][ff]PL[W];W[dd];B[];W[tt])".to_vec(),
        b"(;SZ[21]KM[6.5]HA[2];B[tt];W[uu](;B[aa])(;B[bb]))".to_vec(),
    ];
    for _ in 0..20 {
        corpus.push(write(&random_game(&mut rng)).into_bytes());
    }
    const TOKENS: &[&[u8]] = &[
        b"(",
        b")",
        b";",
        b"[",
        b"]",
        b"\\",
        b"B[",
        b"W[]",
        b"AB[aa:",
        b"tt",
        b"SZ[",
        b":",
        b"\n",
        b"AE[",
        b"GM[1]",
        b"(;",
        b"KM[1e9]",
        b"\xff",
        b"\xe4\xb8\xad",
    ];
    let mut accepted = 0;
    for _ in 0..6_000 {
        let mut s = corpus[rng.below(corpus.len())].clone();
        for _ in 0..1 + rng.below(4) {
            let at = rng.below(s.len() + 1);
            match rng.below(5) {
                0 => {
                    let end = (at + rng.below(8)).min(s.len());
                    s.drain(at..end);
                }
                1 => {
                    let t = TOKENS[rng.below(TOKENS.len())];
                    s.splice(at..at, t.iter().copied());
                }
                2 if at < s.len() => s[at] = rng.next() as u8,
                3 => {
                    let end = (at + rng.below(16)).min(s.len());
                    let chunk = s[at..end].to_vec();
                    s.splice(at..at, chunk);
                }
                _ => s.truncate(at),
            }
        }
        if check(&String::from_utf8_lossy(&s)) {
            accepted += 1;
        }
    }
    // The mutations must leave enough inputs valid to test the accepting
    // paths too, not only the error paths.
    assert!(accepted > 300, "only {accepted} mutated inputs accepted");
}
