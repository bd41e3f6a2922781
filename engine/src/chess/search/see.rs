//! Static exchange evaluation: what a capture wins once both sides have
//! recaptured on its square with their cheapest pieces (x-rays included).
//! The handbook: "it is a good idea to use *some* selection in the capture
//! search … most of the capture search is complete nonsense"; a capture
//! that loses material by exchange is the first nonsense to skip.
//!
//! Written on the bitboards kept beside the square array; the first
//! version, on the board's public API (`piece_at`, `pieces`), stays as the
//! twin it is tested against.

use crate::chess::bitboard::{KING, KNIGHT, PAWN, bb, bishop_attacks, rook_attacks};
use crate::chess::eval::material;
use crate::chess::{Board, Color, Move, Role};

/// Value of a king in exchanges: capturing with it is only good when
/// nothing can take back.
const KING_VALUE: i32 = 20_000;

fn value(role: Role) -> i32 {
    if role == Role::King {
        KING_VALUE
    } else {
        material(role)
    }
}

/// The order in which exchanges use pieces: cheapest first, and of the
/// equal-valued minor pieces the bishop first (behind it may stand a queen
/// whose x-ray joins in).
const CHEAPEST_FIRST: [Role; 6] = [
    Role::Pawn,
    Role::Bishop,
    Role::Knight,
    Role::Rook,
    Role::Queen,
    Role::King,
];

/// Every piece of either colour attacking the square `sq` (index 0..64)
/// through the occupancy `occ`.
fn attackers(board: &Board, sq: usize, occ: u64) -> u64 {
    let r = &board.bb_role;
    let rq = r[Role::Rook.index()] | r[Role::Queen.index()];
    let bq = r[Role::Bishop.index()] | r[Role::Queen.index()];
    let white_pawns = r[Role::Pawn.index()] & board.bb_color[Color::White.index()];
    let black_pawns = r[Role::Pawn.index()] & board.bb_color[Color::Black.index()];
    (KNIGHT[sq] & r[Role::Knight.index()])
        | (KING[sq] & r[Role::King.index()])
        | (PAWN[Color::Black.index()][sq] & white_pawns)
        | (PAWN[Color::White.index()][sq] & black_pawns)
        | (rook_attacks(sq, occ) & rq)
        | (bishop_attacks(sq, occ) & bq)
}

/// The material the side to move wins by `mv` and the exchange on its
/// square that follows (points; negative: the move loses material). A
/// quiet move scores the exchange the opponent may start on its square (0
/// or less); en-passant captures and castling score what they take (a pawn
/// or 0). Pins are not looked at.
pub fn see(board: &Board, mv: Move) -> i32 {
    if mv.is_en_passant() {
        return material(Role::Pawn);
    }
    if mv.is_castle() {
        return 0;
    }
    let captured = mv.captured.map_or(0, value);
    let to = mv.to.index64();
    let r = &board.bb_role;
    let rq = r[Role::Rook.index()] | r[Role::Queen.index()];
    let bq = r[Role::Bishop.index()] | r[Role::Queen.index()];
    let mut occ = (board.bb_color[0] | board.bb_color[1]) & !bb(mv.from.index64());
    let mut live = attackers(board, to, occ) & occ;
    let mut gain = [0i32; 34];
    gain[0] = captured;
    let mut on_square = value(mv.promotion().unwrap_or(mv.piece));
    let mut side = !board.side_to_move();
    let mut d = 0;
    loop {
        d += 1;
        // What `side` would gain by taking the piece now on the square.
        gain[d] = on_square - gain[d - 1];
        if d + 1 >= gain.len() {
            break;
        }
        let ours = live & board.bb_color[side.index()];
        let Some(role) = CHEAPEST_FIRST
            .into_iter()
            .find(|role| ours & r[role.index()] != 0)
        else {
            break;
        };
        let from = (ours & r[role.index()]).trailing_zeros() as usize;
        occ &= !bb(from);
        // The piece gone may uncover a slider behind it.
        live |= (rook_attacks(to, occ) & rq) | (bishop_attacks(to, occ) & bq);
        live &= occ;
        on_square = value(role);
        side = !side;
    }
    settle(&mut gain, d)
}

/// The exchange's value from the speculative gains `gain[..=d]`: gain[d]
/// assumed a capture that nobody could make, so drop it, then let each
/// side stop the exchange where that suits it.
fn settle(gain: &mut [i32], mut d: usize) -> i32 {
    while d > 1 {
        d -= 1;
        gain[d - 1] = -(-gain[d - 1]).max(gain[d]);
    }
    gain[0]
}

#[cfg(test)]
mod twin {
    use super::value;
    use crate::chess::eval::material;
    use crate::chess::{Board, Color, Move, Role, Square};

    /// Squares taken off the board during the exchange, one bit per 0x88 index.
    #[derive(Clone, Copy)]
    struct Removed(u128);

    impl Removed {
        fn has(self, sq: Square) -> bool {
            self.0 >> sq.to_0x88() & 1 == 1
        }
        fn add(&mut self, sq: Square) {
            self.0 |= 1u128 << sq.to_0x88();
        }
    }

    fn occupied(board: &Board, removed: Removed, sq: Square) -> bool {
        !removed.has(sq) && board.piece_at(sq).is_some()
    }

    /// Whether `role` of `color` on `from` attacks `to` with the squares in
    /// `removed` treated as empty.
    fn attacks(
        board: &Board,
        removed: Removed,
        color: Color,
        role: Role,
        from: Square,
        to: Square,
    ) -> bool {
        let df = to.file() as i32 - from.file() as i32;
        let dr = to.rank() as i32 - from.rank() as i32;
        let slide = |straight: bool, diagonal: bool| {
            let line = (df == 0 || dr == 0) && straight;
            let diag = df.abs() == dr.abs() && diagonal;
            if !(line || diag) || (df == 0 && dr == 0) {
                return false;
            }
            let step = (dr.signum() * 16 + df.signum()) as i8;
            let mut sq = from;
            loop {
                match sq.offset(step) {
                    Some(next) if next == to => return true,
                    Some(next) if !occupied(board, removed, next) => sq = next,
                    _ => return false,
                }
            }
        };
        match role {
            Role::Pawn => {
                let forward = if color == Color::White { 1 } else { -1 };
                dr == forward && df.abs() == 1
            }
            Role::Knight => (df.abs() == 1 && dr.abs() == 2) || (df.abs() == 2 && dr.abs() == 1),
            Role::King => df.abs() <= 1 && dr.abs() <= 1 && (df != 0 || dr != 0),
            Role::Bishop => slide(false, true),
            Role::Rook => slide(true, false),
            Role::Queen => slide(true, true),
        }
    }

    /// The cheapest piece of `color` still on the board that attacks `to`.
    fn least_attacker(
        board: &Board,
        removed: Removed,
        color: Color,
        to: Square,
    ) -> Option<(Square, Role)> {
        let mut best: Option<(Square, Role)> = None;
        for (sq, role) in board.pieces(color) {
            if removed.has(sq) || best.is_some_and(|(_, r)| value(r) <= value(role)) {
                continue;
            }
            if attacks(board, removed, color, role, sq, to) {
                best = Some((sq, role));
            }
        }
        best
    }

    /// [`see`] on the board's public API, walking the piece list: the
    /// from-scratch twin the bitboard version is tested against.
    pub(super) fn see_by_walking(board: &Board, mv: Move) -> i32 {
        let Some(captured) = mv.captured else {
            return 0;
        };
        if mv.is_en_passant() {
            return material(Role::Pawn);
        }
        let to = mv.to;
        let mut removed = Removed(0);
        removed.add(mv.from);
        let mut gain = [0i32; 34];
        gain[0] = value(captured);
        let mut on_square = value(mv.promotion().unwrap_or(mv.piece));
        let mut side = !board.side_to_move();
        let mut d = 0;
        loop {
            d += 1;
            // What `side` would gain by taking the piece now on the square.
            gain[d] = on_square - gain[d - 1];
            if d + 1 >= gain.len() {
                break;
            }
            let Some((sq, role)) = least_attacker(board, removed, side, to) else {
                break;
            };
            removed.add(sq);
            on_square = value(role);
            side = !side;
        }
        super::settle(&mut gain, d)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn see_of(fen: &str, uci: &str) -> i32 {
        let board = Board::from_fen(fen).unwrap();
        let mv = board.parse_uci_move(uci).unwrap();
        see(&board, mv)
    }

    #[test]
    fn exchanges() {
        // Undefended pawn.
        assert_eq!(
            see_of("1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1", "e1e5"),
            256
        );
        // Rook takes a pawn defended by a knight: loses the exchange.
        assert_eq!(
            see_of(
                "1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1",
                "d3e5"
            ),
            256 - 768
        );
        // Pawn takes a defended knight: wins knight for pawn.
        assert_eq!(
            see_of("4k3/8/3p4/4n3/3P4/8/8/4K3 w - - 0 1", "d4e5"),
            768 - 256
        );
        // Queen takes a pawn defended by a pawn.
        assert_eq!(
            see_of("4k3/8/3p4/4p3/8/8/8/4QK2 w - - 0 1", "e1e5"),
            256 - 2304
        );
        // X-rays: the doubled black rooks defend the pawn once more than
        // the doubled white rooks attack it.
        assert_eq!(
            see_of("3rk3/3r4/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5"),
            256 - 1216
        );
        // With a third white attacker (queen behind) the pawn falls.
        assert_eq!(
            see_of("3rk3/3r4/8/3p4/8/3R4/3R4/3QK3 w - - 0 1", "d3d5"),
            256
        );
    }

    /// The bitboard exchange agrees with the piece-list walk on every
    /// capture of seeded random games.
    #[test]
    fn bitboard_exchange_matches_the_twin() {
        use crate::chess::MoveList;
        use rand::rngs::StdRng;
        use rand::{RngExt, SeedableRng};
        let mut rng = StdRng::seed_from_u64(7);
        let mut list = MoveList::new();
        let mut captures = 0;
        for _ in 0..200 {
            let mut board = Board::startpos();
            for _ in 0..150 {
                board.legal_moves(&mut list);
                if list.is_empty() {
                    break;
                }
                for &mv in list.iter().filter(|m| m.is_capture()) {
                    captures += 1;
                    assert_eq!(
                        see(&board, mv),
                        super::twin::see_by_walking(&board, mv),
                        "{mv} in {}",
                        board.to_fen()
                    );
                }
                board.make(list[rng.random_range(0..list.len())]);
            }
        }
        assert!(captures > 10_000, "{captures}");
    }
}
