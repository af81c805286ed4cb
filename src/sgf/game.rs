//! Records to and from [`Game`]s (rule 22: adjournment).

use super::*;
use crate::board::{Board, Move, Point, SetupError};
use crate::game::{Game, IllegalMove, RuleSet};

/// Why an [`SgfGame`] cannot be replayed as a [`Game`].
#[derive(Clone, Debug, PartialEq)]
pub enum ReplayError {
    /// The board or its setup cannot exist (a size below 2, a chain without liberties).
    Setup(SetupError),
    /// Move `number` (1-based) is illegal under the rules the game is replayed with.
    Move { number: usize, reason: IllegalMove },
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::Setup(why) => write!(f, "bad setup: {why}"),
            ReplayError::Move { number, reason } => write!(f, "move {number} is illegal: {reason}"),
        }
    }
}

impl std::error::Error for ReplayError {}

impl From<SetupError> for ReplayError {
    fn from(why: SetupError) -> ReplayError {
        ReplayError::Setup(why)
    }
}

fn color_of(color: SgfColor) -> Color {
    match color {
        SgfColor::Black => Color::Black,
        SgfColor::White => Color::White,
    }
}

fn sgf_color(color: Color) -> SgfColor {
    match color {
        Color::Black => SgfColor::Black,
        Color::White => SgfColor::White,
    }
}

/// The board point of an SGF point: SGF counts rows from the top, the board from the bottom.
fn board_point(board: &Board, (x, y): SgfPoint) -> Result<Point, ReplayError> {
    (usize::from(y) < board.size())
        .then(|| board.try_point(usize::from(x), board.size() - 1 - usize::from(y)))
        .flatten()
        .ok_or(ReplayError::Setup(SetupError::BadDiagram(format!(
            "point {x},{y} is off the board"
        ))))
}

fn sgf_point(board: &Board, p: Point) -> SgfPoint {
    let (col, row) = board.coords(p);
    // Sizes are at most 25, so both fit in a u8.
    (col as u8, (board.size() - 1 - row) as u8)
}

/// Replays an SGF game: setup, side to move, komi, then the moves before `move_number`
/// (1-based, as GTP `loadsgf` counts; all of them without it).
///
/// `RU` picks the nearest preset ([`RuleSet::by_name`]), `rules` being the fallback for an
/// absent or unknown name; `KM` sets komi, the rules' default otherwise. `HA` of 2 or more
/// with exactly that many black setup stones and no white ones is a handicap (rule 17: the
/// compensation under area counting). The side to move is `PL`, else the first move's colour,
/// else the start position's (White after handicap, Black otherwise).
pub fn to_game(
    record: &SgfGame,
    move_number: Option<usize>,
    rules: RuleSet,
) -> Result<Game, ReplayError> {
    let rules = record
        .rules
        .as_deref()
        .and_then(RuleSet::by_name)
        .unwrap_or(rules);
    let mut board = Board::new(usize::from(record.size))?;
    let black = record
        .setup_black
        .iter()
        .map(|&p| board_point(&board, p))
        .collect::<Result<Vec<_>, _>>()?;
    let white = record
        .setup_white
        .iter()
        .map(|&p| board_point(&board, p))
        .collect::<Result<Vec<_>, _>>()?;
    let handicap = usize::from(record.handicap.unwrap_or(0));
    let mut game = if handicap >= 2 && white.is_empty() && black.len() == handicap {
        let mut game = Game::new(board.size(), rules)?;
        game.place_handicap(&black)?;
        game
    } else {
        let stones: Vec<(Color, Point)> = black
            .iter()
            .map(|&p| (Color::Black, p))
            .chain(white.iter().map(|&p| (Color::White, p)))
            .collect();
        board.setup(&stones)?;
        Game::from_position(board, Color::Black, rules)
    };
    let first_mover = record.moves.first().map(|&(color, _)| color);
    if let Some(color) = record.to_play.or(first_mover) {
        game.set_to_move(color_of(color));
    }
    game.set_komi(
        record
            .komi
            .filter(|k| k.is_finite())
            .unwrap_or(rules.default_komi),
    );
    let count = move_number.map_or(record.moves.len(), |n| {
        n.saturating_sub(1).min(record.moves.len())
    });
    for (i, &(color, point)) in record.moves[..count].iter().enumerate() {
        let mv = match point {
            Some(p) => Move::Play(board_point(game.board(), p)?),
            None => Move::Pass,
        };
        game.play(color_of(color), mv)
            .map_err(|reason| ReplayError::Move {
                number: i + 1,
                reason,
            })?;
    }
    Ok(game)
}

/// The record of a game that [`to_game`] replays to the same position, side to move, ko
/// state, captures and history: setup stones from the start position, `PL` for who was to
/// move there, `HA` (when it fits SGF's number: at most 255 stones), `KM`, `RU` and every
/// move. `RE` is left to the caller, who knows which stones are dead.
pub fn from_game(game: &Game) -> SgfGame {
    let start = game.start_board();
    let stones = |color: Color| -> Vec<SgfPoint> {
        start
            .points()
            .filter(|&p| start.cell(p).color() == Some(color))
            .map(|p| sgf_point(start, p))
            .collect()
    };
    SgfGame {
        size: start.size() as u8,
        komi: Some(game.komi()),
        handicap: u8::try_from(game.handicap()).ok().filter(|&h| h > 0),
        rules: Some(game.rules().name.to_string()),
        setup_black: stones(Color::Black),
        setup_white: stones(Color::White),
        to_play: Some(sgf_color(game.start_to_move())),
        moves: game
            .moves()
            .iter()
            .map(|&(color, mv)| {
                let point = match mv {
                    Move::Play(p) => Some(sgf_point(start, p)),
                    Move::Pass => None,
                };
                (sgf_color(color), point)
            })
            .collect(),
        ..SgfGame::default()
    }
}
