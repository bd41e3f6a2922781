//! Legal move generation and attack tests (the handbook's MOVGEN.CH).
//!
//! The handbook generates pseudo-legal moves and lets the search reject a
//! move that leaves the king in check. We generate legal moves directly,
//! which is what makes perft fast: before generating, one pass over the
//! opponent's piece list with the `AttackTab` finds the pieces that check
//! our king and the pieces pinned against it. Pinned pieces then move only
//! along their pin line, a king steps only to unattacked squares, and in
//! check only captures of the checker and interpositions are produced. The
//! two rare cases that defeat this bookkeeping — en passant (two pawns leave
//! one rank) and castling — are checked on a copy of the square array.

use super::board::{
    Board, EMPTY, KING_SIDE, NO_SQ, QUEEN_SIDE, castle_targets, code, code_color, code_role,
};
use super::moves::{Move, MoveList, Special};
use super::tables::{
    ATTACK, BISHOP_DIRS, KING_DIRS, KNIGHT_DIRS, ROOK_DIRS, STEP, diff_index, role_bit,
};
use super::types::{Color, Role, Square};

const ROLES: [Role; 6] = Role::ALL;

#[inline(always)]
fn on_board(sq: u8) -> bool {
    sq & 0x88 == 0
}

#[inline(always)]
fn add(sq: u8, step: i8) -> u8 {
    sq.wrapping_add(step as u8)
}

#[inline(always)]
fn bit(sq: u8) -> u128 {
    1u128 << sq
}

/// Checkers and pins of the side to move, found from its king.
struct KingSafety {
    checkers: u32,
    /// Squares a non-king move may go to: everything when not in check,
    /// the checker and the squares between it and the king when in single
    /// check. One bit per 0x88 square.
    targets: u128,
    /// Our pinned pieces (bit per square) and their pin directions.
    pinned: u128,
    pins: [(u8, i8); 8],
    npins: usize,
}

impl KingSafety {
    #[inline(always)]
    fn pin_dir(&self, sq: u8) -> i8 {
        if self.pinned & bit(sq) == 0 {
            return 0;
        }
        for &(s, d) in &self.pins[..self.npins] {
            if s == sq {
                return d;
            }
        }
        0
    }
}

impl Board {
    /// The handbook's `PieceAttacks`: whether the piece `role` of any colour
    /// on `from` attacks `to`, treating `ignore` as empty.
    #[inline(always)]
    fn officer_attacks(&self, role: usize, from: u8, to: u8, ignore: u8) -> bool {
        let d = diff_index(from, to);
        if ATTACK[d] & role_bit(role) == 0 {
            return false;
        }
        if !ROLES[role].is_slider() {
            return true;
        }
        let step = STEP[d];
        let mut s = add(from, step);
        while s != to {
            if self.cells[s as usize] != EMPTY && s != ignore {
                return false;
            }
            s = add(s, step);
        }
        true
    }

    /// The handbook's `Attacks`: whether `by` attacks `sq`, with the square
    /// `ignore` seen as empty (a king stepping away along a checking line
    /// must not hide behind itself).
    #[inline]
    pub(crate) fn attacked_ignoring(&self, sq: u8, by: Color, ignore: u8) -> bool {
        // PawnAttacks: a pawn of `by` attacks from one rank behind.
        let pawn = code(by, Role::Pawn);
        let back = add(sq, -by.forward());
        for s in [add(back, 1), add(back, -1)] {
            if on_board(s) && self.cells[s as usize] == pawn {
                return true;
            }
        }
        let c = by.index();
        for e in &self.tab[c][..self.tab_len[c] as usize] {
            if e.code == EMPTY || e.code == pawn {
                continue;
            }
            if self.officer_attacks(code_role(e.code), e.sq, sq, ignore) {
                return true;
            }
        }
        false
    }

    /// Whether `sq` is attacked by a piece of colour `by`.
    #[inline]
    pub fn is_attacked(&self, sq: Square, by: Color) -> bool {
        self.attacked_ignoring(sq.to_0x88(), by, NO_SQ)
    }

    /// Whether the side to move is in check.
    #[inline]
    pub fn in_check(&self) -> bool {
        let us = self.side;
        self.attacked_ignoring(self.tab[us.index()][0].sq, !us, NO_SQ)
    }

    /// The squares of the pieces giving check to the side to move.
    pub fn checkers(&self) -> Vec<Square> {
        let us = self.side;
        let ksq = self.tab[us.index()][0].sq;
        let mut out = Vec::new();
        for sq in Square::all() {
            let c = self.cells[sq.to_0x88() as usize];
            if c == EMPTY || code_color(c) == us.index() {
                continue;
            }
            let role = code_role(c);
            let attacks = if role == Role::Pawn.index() {
                let back = add(ksq, us.forward());
                sq.to_0x88() == add(back, 1) || sq.to_0x88() == add(back, -1)
            } else {
                self.officer_attacks(role, sq.to_0x88(), ksq, NO_SQ)
            };
            if attacks {
                out.push(sq);
            }
        }
        out
    }

    /// Ray-walking attack test on an arbitrary square array: the slow,
    /// assumption-free twin used for en passant and castling, where pieces
    /// move in ways the pin bookkeeping does not describe.
    pub(crate) fn attacked_in(cells: &[u8; 128], sq: u8, by: Color) -> bool {
        let pawn = code(by, Role::Pawn);
        let back = add(sq, -by.forward());
        for s in [add(back, 1), add(back, -1)] {
            if on_board(s) && cells[s as usize] == pawn {
                return true;
            }
        }
        let knight = code(by, Role::Knight);
        let king = code(by, Role::King);
        for d in KNIGHT_DIRS {
            let s = add(sq, d);
            if on_board(s) && cells[s as usize] == knight {
                return true;
            }
        }
        for d in KING_DIRS {
            let s = add(sq, d);
            if on_board(s) && cells[s as usize] == king {
                return true;
            }
        }
        let queen = code(by, Role::Queen);
        for (dirs, slider) in [
            (ROOK_DIRS, code(by, Role::Rook)),
            (BISHOP_DIRS, code(by, Role::Bishop)),
        ] {
            for d in dirs {
                let mut s = add(sq, d);
                while on_board(s) {
                    let c = cells[s as usize];
                    if c != EMPTY {
                        if c == slider || c == queen {
                            return true;
                        }
                        break;
                    }
                    s = add(s, d);
                }
            }
        }
        false
    }

    /// One pass over the opponent's officers: who checks our king, who is
    /// pinned to it.
    #[inline]
    fn king_safety(&self, ksq: u8) -> KingSafety {
        let us = self.side;
        let them = !us;
        let mut ks = KingSafety {
            checkers: 0,
            targets: !0,
            pinned: 0,
            pins: [(0, 0); 8],
            npins: 0,
        };
        let mut check_mask = 0u128;
        let pawn = code(them, Role::Pawn);
        let ahead = add(ksq, us.forward());
        for s in [add(ahead, 1), add(ahead, -1)] {
            if on_board(s) && self.cells[s as usize] == pawn {
                ks.checkers += 1;
                check_mask |= bit(s);
            }
        }
        let t = them.index();
        for e in &self.tab[t][1..self.tab_len[t] as usize] {
            if e.code == EMPTY || e.code == pawn {
                continue;
            }
            let role = code_role(e.code);
            let d = diff_index(e.sq, ksq);
            if ATTACK[d] & role_bit(role) == 0 {
                continue;
            }
            if role == Role::Knight.index() {
                ks.checkers += 1;
                check_mask |= bit(e.sq);
                continue;
            }
            // A slider on a line through our king: count what stands
            // between.
            let step = STEP[diff_index(ksq, e.sq)];
            let mut s = add(ksq, step);
            let mut between = 0u128;
            let mut blocker = NO_SQ;
            let mut blocked = false;
            while s != e.sq {
                let c = self.cells[s as usize];
                if c != EMPTY {
                    if blocker != NO_SQ || code_color(c) != us.index() {
                        blocked = true;
                        break;
                    }
                    blocker = s;
                }
                between |= bit(s);
                s = add(s, step);
            }
            if blocked {
                continue;
            }
            if blocker == NO_SQ {
                ks.checkers += 1;
                check_mask |= between | bit(e.sq);
            } else {
                ks.pinned |= bit(blocker);
                ks.pins[ks.npins] = (blocker, step);
                ks.npins += 1;
            }
        }
        if ks.checkers > 0 {
            ks.targets = check_mask;
        }
        ks
    }

    /// All legal moves of the side to move, appended to `list` (which is
    /// cleared first). Order: piece-list order (king, officers, pawns).
    #[inline]
    pub fn legal_moves(&self, list: &mut MoveList) {
        list.clear();
        self.generate::<false>(list);
    }

    /// The legal captures (en passant included) and promotions, for a
    /// capture search. `list` is cleared first.
    #[inline]
    pub fn legal_captures(&self, list: &mut MoveList) {
        list.clear();
        self.generate::<true>(list);
    }

    /// Number of legal moves (what perft counts at its last ply).
    pub fn count_legal_moves(&self) -> usize {
        let mut list = MoveList::new();
        self.generate::<false>(&mut list);
        list.len()
    }

    fn generate<const CAPTURES: bool>(&self, list: &mut MoveList) {
        let us = self.side;
        let them = !us;
        let ui = us.index();
        let ksq = self.tab[ui][0].sq;
        let safety = self.king_safety(ksq);

        // King steps: to squares not attacked once the king has left its
        // square.
        for d in KING_DIRS {
            let t = add(ksq, d);
            if !on_board(t) {
                continue;
            }
            let c = self.cells[t as usize];
            if c != EMPTY && code_color(c) == ui {
                continue;
            }
            if CAPTURES && c == EMPTY {
                continue;
            }
            if !self.attacked_ignoring(t, them, ksq) {
                list.push(Move {
                    from: Square::raw(ksq),
                    to: Square::raw(t),
                    piece: Role::King,
                    captured: captured_role(c),
                    special: Special::None,
                });
            }
        }
        if safety.checkers >= 2 {
            return; // double check: only the king may move
        }
        if !CAPTURES && safety.checkers == 0 {
            self.gen_castles(list, ksq);
        }

        let targets = safety.targets;
        for e in &self.tab[ui][1..self.tab_len[ui] as usize] {
            if e.code == EMPTY {
                continue;
            }
            let from = e.sq;
            let role = code_role(e.code);
            let pin = safety.pin_dir(from);
            match ROLES[role] {
                Role::Pawn => self.gen_pawn::<CAPTURES>(list, from, pin, targets, ksq),
                Role::Knight => {
                    if pin != 0 {
                        continue; // a pinned knight cannot stay on its line
                    }
                    for d in KNIGHT_DIRS {
                        let t = add(from, d);
                        if !on_board(t) || targets & bit(t) == 0 {
                            continue;
                        }
                        let c = self.cells[t as usize];
                        if c != EMPTY && code_color(c) == ui {
                            continue;
                        }
                        if CAPTURES && c == EMPTY {
                            continue;
                        }
                        list.push(Move {
                            from: Square::raw(from),
                            to: Square::raw(t),
                            piece: Role::Knight,
                            captured: captured_role(c),
                            special: Special::None,
                        });
                    }
                }
                slider => {
                    let dirs: &[i8] = match slider {
                        Role::Bishop => &BISHOP_DIRS,
                        Role::Rook => &ROOK_DIRS,
                        _ => &KING_DIRS,
                    };
                    for &d in dirs {
                        if pin != 0 && d != pin && d != -pin {
                            continue;
                        }
                        let mut t = add(from, d);
                        while on_board(t) {
                            let c = self.cells[t as usize];
                            if c != EMPTY && code_color(c) == ui {
                                break;
                            }
                            if targets & bit(t) != 0 && (!CAPTURES || c != EMPTY) {
                                list.push(Move {
                                    from: Square::raw(from),
                                    to: Square::raw(t),
                                    piece: slider,
                                    captured: captured_role(c),
                                    special: Special::None,
                                });
                            }
                            if c != EMPTY {
                                break;
                            }
                            t = add(t, d);
                        }
                    }
                }
            }
        }
    }

    #[inline(always)]
    fn gen_pawn<const CAPTURES: bool>(
        &self,
        list: &mut MoveList,
        from: u8,
        pin: i8,
        targets: u128,
        ksq: u8,
    ) {
        let us = self.side;
        let fwd = us.forward();
        let from_sq = Square::raw(from);
        let promo_rank = if us == Color::White { 6 } else { 1 };
        let start_rank = if us == Color::White { 1 } else { 6 };
        let promotes = from_sq.rank() == promo_rank;
        let push = |list: &mut MoveList, t: u8, captured: Option<Role>, special: Special| {
            if promotes {
                for r in Role::PROMOTIONS {
                    list.push(Move {
                        from: from_sq,
                        to: Square::raw(t),
                        piece: Role::Pawn,
                        captured,
                        special: Special::Promotion(r),
                    });
                }
            } else {
                list.push(Move {
                    from: from_sq,
                    to: Square::raw(t),
                    piece: Role::Pawn,
                    captured,
                    special,
                });
            }
        };
        // Pushes.
        if (!CAPTURES || promotes) && (pin == 0 || pin == fwd || pin == -fwd) {
            let t = add(from, fwd);
            if self.cells[t as usize] == EMPTY {
                if targets & bit(t) != 0 {
                    push(list, t, None, Special::None);
                }
                if !CAPTURES && from_sq.rank() == start_rank {
                    let t2 = add(t, fwd);
                    if self.cells[t2 as usize] == EMPTY && targets & bit(t2) != 0 {
                        push(list, t2, None, Special::DoublePush);
                    }
                }
            }
        }
        // Captures.
        for cd in [fwd + 1, fwd - 1] {
            let t = add(from, cd);
            if !on_board(t) {
                continue;
            }
            let c = self.cells[t as usize];
            if c == EMPTY {
                if self.ep == Some(Square::raw(t)) && self.en_passant_is_legal(from, t, ksq) {
                    push(list, t, Some(Role::Pawn), Special::EnPassant);
                }
                continue;
            }
            if code_color(c) == us.index() || targets & bit(t) == 0 {
                continue;
            }
            if pin != 0 && cd != pin && cd != -pin {
                continue;
            }
            push(list, t, captured_role(c), Special::None);
        }
    }

    /// En passant empties two squares of one rank and fills a third, which
    /// can expose the king in ways no pin records: play it on a copy of the
    /// square array and ask the ray-walking attack test.
    fn en_passant_is_legal(&self, from: u8, to: u8, ksq: u8) -> bool {
        let us = self.side;
        let mut cells = self.cells;
        let cap = add(to, -us.forward());
        cells[to as usize] = cells[from as usize];
        cells[from as usize] = EMPTY;
        cells[cap as usize] = EMPTY;
        !Board::attacked_in(&cells, ksq, !us)
    }

    /// Castling, for any rook the board still lists (Chess960 rule: every
    /// square between king and rook and their destinations is empty but for
    /// the two of them; the king is not in check, passes no attacked square
    /// and does not end in check).
    fn gen_castles(&self, list: &mut MoveList, ksq: u8) {
        let us = self.side;
        let them = !us;
        for side in [KING_SIDE, QUEEN_SIDE] {
            let Some(rook) = self.castle[us.index()][side] else {
                continue;
            };
            let rf = rook.to_0x88();
            let (king_to, rook_to) = castle_targets(us, side);
            let (kt, rt) = (king_to.to_0x88(), rook_to.to_0x88());
            let lo = ksq.min(rf).min(kt).min(rt);
            let hi = ksq.max(rf).max(kt).max(rt);
            if (lo..=hi).any(|s| s != ksq && s != rf && self.cells[s as usize] != EMPTY) {
                continue;
            }
            // Squares the king passes (its start is not attacked: not in
            // check).
            let step: i8 = if kt > ksq { 1 } else { -1 };
            let mut s = ksq;
            let mut safe = true;
            while s != kt {
                s = add(s, step);
                if s != kt && self.attacked_ignoring(s, them, ksq) {
                    safe = false;
                    break;
                }
            }
            if !safe {
                continue;
            }
            let mut cells = self.cells;
            let king = cells[ksq as usize];
            let rook_code = cells[rf as usize];
            cells[ksq as usize] = EMPTY;
            cells[rf as usize] = EMPTY;
            cells[kt as usize] = king;
            cells[rt as usize] = rook_code;
            if Board::attacked_in(&cells, kt, them) {
                continue;
            }
            list.push(Move {
                from: Square::raw(ksq),
                to: king_to,
                piece: Role::King,
                captured: None,
                special: Special::Castle { rook },
            });
        }
    }
}

#[inline(always)]
fn captured_role(c: u8) -> Option<Role> {
    if c == EMPTY {
        None
    } else {
        Some(ROLES[code_role(c)])
    }
}
