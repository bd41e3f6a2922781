//! Legal move generation and attack tests (the handbook's MOVGEN.CH).
//!
//! The handbook generates pseudo-legal moves and lets the search reject a
//! move that leaves the king in check. We generate legal moves directly,
//! which is what makes perft fast, and we do it on the bitboards kept
//! beside the 0x88 array (see `bitboard`). The handbook's own attack test —
//! the piece list walked with the `AttackTab` — stays as the from-scratch
//! twin of the bitboard one, compared in debug builds and in tests.

use super::bitboard::{
    FILE_A, FILE_H, KING, KNIGHT, PAWN, RANK_1, bb, between, bishop_attacks, bishop_empty, line,
    pop_lsb, rook_attacks, rook_empty, to_0x88, to_index,
};
use super::board::{Board, EMPTY, NO_SQ, code, code_color, code_role};
use super::moves::{Move, MoveList, Special};
use super::tables::{ATTACK, STEP, diff_index, role_bit};
use super::types::{CastlingSide, Color, Role, Square};

const ROLES: [Role; 6] = Role::ALL;

#[inline(always)]
fn on_board(sq: u8) -> bool {
    sq & 0x88 == 0
}

#[inline(always)]
fn add(sq: u8, step: i8) -> u8 {
    sq.wrapping_add(step as u8)
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
        let occ = self.bb_color[0] | self.bb_color[1];
        let fast = self.attackers(sq.index64(), by, occ) != 0;
        debug_assert_eq!(
            fast,
            self.attacked_by_piece_list(sq, by),
            "attack test twin"
        );
        fast
    }

    /// The handbook's `Attacks` on the piece list: the from-scratch twin
    /// of [`Board::is_attacked`].
    pub fn attacked_by_piece_list(&self, sq: Square, by: Color) -> bool {
        self.attacked_ignoring(sq.to_0x88(), by, NO_SQ)
    }

    /// Whether the side to move is in check.
    #[inline]
    pub fn in_check(&self) -> bool {
        let us = self.side;
        self.is_attacked(self.king_square(us), !us)
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

    /// Whether the legal move `mv` gives check, decided without playing
    /// it: the search asks this of every move it may prune late, and
    /// making a move (with its incremental evaluation) only to look costs
    /// more than the test. Every move is the mover's pieces as they stand
    /// after it, looked at from the enemy king: direct checks, discovered
    /// checks through the from-square (or the en-passant victim's square),
    /// castling rooks and promoted pieces alike.
    pub fn gives_check(&self, mv: Move) -> bool {
        let us = self.side;
        let ksq = to_index(self.tab[(!us).index()][0].sq);
        let from = mv.from.index64();
        let to = mv.to.index64();
        let own = self.bb_color[us.index()];
        let enemy = self.bb_color[(!us).index()];
        let mut occ = ((own | enemy) & !bb(from)) | bb(to);
        // The mover's role on `to` and where a castling rook goes.
        let mut role = mv.piece;
        let mut extra_rook = 0u64;
        let mut moved = bb(from);
        match mv.special {
            Special::Promotion(r) => role = r,
            Special::EnPassant => {
                let victim = if us == Color::White { to - 8 } else { to + 8 };
                occ &= !bb(victim);
            }
            Special::Castle { rook } => {
                let rook_to = CastlingSide::of_rook(mv.from, rook).rook_to(us);
                let rt = rook_to.index64();
                moved |= bb(rook.index64());
                occ = (occ & !bb(rook.index64())) | bb(to) | bb(rt);
                extra_rook = bb(rt);
            }
            Special::None | Special::DoublePush => {}
        }
        let r = &self.bb_role;
        let mine = |role: Role| r[role.index()] & own & !moved;
        let at_to = |which: Role| if role == which { bb(to) } else { 0 };
        let rq = mine(Role::Rook)
            | mine(Role::Queen)
            | at_to(Role::Rook)
            | at_to(Role::Queen)
            | extra_rook;
        let bq = mine(Role::Bishop) | mine(Role::Queen) | at_to(Role::Bishop) | at_to(Role::Queen);
        let knights = mine(Role::Knight) | at_to(Role::Knight);
        let pawns = mine(Role::Pawn) | at_to(Role::Pawn);
        (rook_attacks(ksq, occ) & rq)
            | (bishop_attacks(ksq, occ) & bq)
            | (KNIGHT[ksq] & knights)
            | (PAWN[(!us).index()][ksq] & pawns)
            != 0
    }

    /// The pieces among `blockers` that alone stand between the king on
    /// `ksq` and a slider of `sliders` aiming at it along an empty-board
    /// line: the pinned pieces when the sliders are the king's enemies, the
    /// pieces that can give a discovered check when sliders and blockers
    /// both belong to the side checking that king.
    fn lone_blockers(&self, ksq: usize, sliders: u64, blockers: u64, occ: u64) -> u64 {
        let r = &self.bb_role;
        let rq = r[Role::Rook.index()] | r[Role::Queen.index()];
        let bq = r[Role::Bishop.index()] | r[Role::Queen.index()];
        let mut snipers = ((rook_empty(ksq) & rq) | (bishop_empty(ksq) & bq)) & sliders;
        let mut lone = 0;
        while snipers != 0 {
            let s = pop_lsb(&mut snipers);
            let b = between(ksq, s) & occ;
            if b & b.wrapping_sub(1) == 0 {
                lone |= b & blockers;
            }
        }
        lone
    }

    /// What [`Board::gives_check_with`] needs to answer for every move of
    /// the side to move, looked up once per position: the squares from
    /// which each role checks the enemy king, and the mover's pieces that
    /// alone stand between one of its sliders and that king.
    pub fn check_info(&self) -> CheckInfo {
        let us = self.side;
        let ksq = to_index(self.tab[(!us).index()][0].sq);
        let own = self.bb_color[us.index()];
        let occ = own | self.bb_color[(!us).index()];
        let diagonal = bishop_attacks(ksq, occ);
        let straight = rook_attacks(ksq, occ);
        let mut squares = [0; 6];
        squares[Role::Pawn.index()] = PAWN[(!us).index()][ksq];
        squares[Role::Knight.index()] = KNIGHT[ksq];
        squares[Role::Bishop.index()] = diagonal;
        squares[Role::Rook.index()] = straight;
        squares[Role::Queen.index()] = diagonal | straight;
        let discoverers = self.lone_blockers(ksq, own, own, occ);
        CheckInfo {
            squares,
            discoverers,
            king: ksq,
        }
    }

    /// [`Board::gives_check`] with the position's [`CheckInfo`]: a few
    /// bit tests for an ordinary move (a search asks this of every move
    /// of a node), the full test for promotions, en passant and castling.
    /// An ordinary move checks directly from its square (the from-square
    /// it leaves cannot lie between that square and the king: the piece
    /// would have given check already), or uncovers a slider by leaving
    /// the line it blocked.
    #[inline]
    pub fn gives_check_with(&self, mv: Move, info: &CheckInfo) -> bool {
        if !matches!(mv.special, Special::None | Special::DoublePush) {
            return self.gives_check(mv);
        }
        let (from, to) = (mv.from.index64(), mv.to.index64());
        info.squares[mv.piece.index()] & bb(to) != 0
            || (info.discoverers & bb(from) != 0 && line(info.king, from) & bb(to) == 0)
    }

    /// Attackers of colour `by` on the square with index `sq`, for the
    /// occupancy `occ` (which may differ from the board's, to look through
    /// a king or play en passant in thought).
    #[inline(always)]
    fn attackers(&self, sq: usize, by: Color, occ: u64) -> u64 {
        let r = &self.bb_role;
        let rq = r[Role::Rook.index()] | r[Role::Queen.index()];
        let bq = r[Role::Bishop.index()] | r[Role::Queen.index()];
        ((KNIGHT[sq] & r[Role::Knight.index()])
            | (KING[sq] & r[Role::King.index()])
            | (PAWN[(!by).index()][sq] & r[Role::Pawn.index()])
            | (rook_attacks(sq, occ) & rq)
            | (bishop_attacks(sq, occ) & bq))
            & self.bb_color[by.index()]
    }

    /// All legal moves of the side to move, appended to `list` (which is
    /// cleared first). Order: knights, bishops, rooks, queens, pawns
    /// (captures, promotions, pushes), castlings, king steps — so that a
    /// stable sort by score tries the king last among equals.
    #[inline]
    pub fn legal_moves(&self, list: &mut MoveList) {
        list.clear();
        self.generate::<false, false>(list);
    }

    /// The legal captures (en passant included) and promotions, for a
    /// capture search. `list` is cleared first.
    #[inline]
    pub fn legal_captures(&self, list: &mut MoveList) {
        list.clear();
        self.generate::<true, false>(list);
    }

    /// Number of legal moves, counted without listing them (what perft
    /// counts at its last ply).
    #[inline]
    pub fn count_legal_moves(&self) -> usize {
        self.count_moves_inline()
    }

    /// [`Board::count_legal_moves`], always inlined (into perft's
    /// `popcnt`-enabled copy).
    #[inline(always)]
    pub(crate) fn count_moves_inline(&self) -> usize {
        let mut list = MoveList::new();
        self.generate::<false, true>(&mut list)
    }

    /// Legal move generation. One look from the king finds the checkers
    /// and the pinned pieces; then a king steps only to unattacked squares
    /// (looking through itself), a pinned piece moves only along its pin
    /// line, and in check only captures of the checker and interpositions
    /// are made. En passant and castling are checked with the occupancy
    /// they leave. With `COUNT`, moves are counted, not listed.
    #[inline(always)]
    fn generate<const CAPTURES: bool, const COUNT: bool>(&self, list: &mut MoveList) -> usize {
        let us = self.side;
        let them = !us;
        let own = self.bb_color[us.index()];
        let enemy = self.bb_color[them.index()];
        let occ = own | enemy;
        let ksq = to_index(self.tab[us.index()][0].sq);
        let mut out = Emit::<COUNT> {
            board: self,
            list,
            count: 0,
        };

        let checkers = self.attackers(ksq, them, occ);
        let mut steps = KING[ksq] & !own;
        if CAPTURES {
            steps &= enemy;
        }
        let through_king = occ ^ bb(ksq);
        let mut king_moves = 0;
        while steps != 0 {
            let t = pop_lsb(&mut steps);
            if self.attackers(t, them, through_king) == 0 {
                king_moves |= bb(t);
            }
        }
        if checkers & checkers.wrapping_sub(1) != 0 {
            out.set(ksq, king_moves, Role::King);
            return out.count; // double check: only the king may move
        }
        let evasion = if checkers != 0 {
            between(ksq, checkers.trailing_zeros() as usize) | checkers
        } else {
            !own
        };
        let target = if CAPTURES { evasion & enemy } else { evasion };

        let r = &self.bb_role;
        let pinned = self.lone_blockers(ksq, enemy, own, occ);

        let mut knights = r[Role::Knight.index()] & own & !pinned;
        while knights != 0 {
            let from = pop_lsb(&mut knights);
            out.set(from, KNIGHT[from] & target, Role::Knight);
        }
        for role in [Role::Bishop, Role::Rook, Role::Queen] {
            let mut pieces = r[role.index()] & own;
            while pieces != 0 {
                let from = pop_lsb(&mut pieces);
                let mut att = match role {
                    Role::Bishop => bishop_attacks(from, occ),
                    Role::Rook => rook_attacks(from, occ),
                    _ => bishop_attacks(from, occ) | rook_attacks(from, occ),
                } & target;
                if pinned & bb(from) != 0 {
                    att &= line(ksq, from);
                }
                out.set(from, att, role);
            }
        }

        let pawns = r[Role::Pawn.index()] & own;
        self.gen_pawns::<CAPTURES, COUNT>(&mut out, pawns & !pinned, evasion, enemy, occ);
        let mut pinned_pawns = pawns & pinned;
        while pinned_pawns != 0 {
            let p = pop_lsb(&mut pinned_pawns);
            let l = line(ksq, p);
            self.gen_pawns::<CAPTURES, COUNT>(&mut out, bb(p), evasion & l, enemy, occ);
        }
        if let Some(ep) = self.ep {
            self.gen_en_passant(&mut out, to_index(ep.to_0x88()), pawns, ksq, occ);
        }
        if !CAPTURES && checkers == 0 {
            self.gen_castles(&mut out, ksq, occ);
        }
        out.set(ksq, king_moves, Role::King);
        out.count
    }

    /// Pawn pushes and captures of the pawns in `set`, to squares in
    /// `allowed` (the check evasion squares, narrowed to the pin line for
    /// a pinned pawn).
    #[inline(always)]
    fn gen_pawns<const CAPTURES: bool, const COUNT: bool>(
        &self,
        out: &mut Emit<'_, COUNT>,
        set: u64,
        allowed: u64,
        enemy: u64,
        occ: u64,
    ) {
        let white = self.side == Color::White;
        let (push, left, right): (i32, i32, i32) = if white { (8, 7, 9) } else { (-8, -9, -7) };
        let shift = |b: u64, d: i32| if d > 0 { b << d } else { b >> -d };
        let last_rank = if white { RANK_1 << 56 } else { RANK_1 };
        let third_rank = if white { RANK_1 << 16 } else { RANK_1 << 40 };
        let empty = !occ;
        let single = shift(set, push) & empty;
        let caps_l = shift(set & !FILE_A, left) & enemy & allowed;
        let caps_r = shift(set & !FILE_H, right) & enemy & allowed;
        out.pawn_set(caps_l & !last_rank, left, Special::None);
        out.pawn_set(caps_r & !last_rank, right, Special::None);
        out.promotions(caps_l & last_rank, left);
        out.promotions(caps_r & last_rank, right);
        out.promotions(single & allowed & last_rank, push);
        if !CAPTURES {
            out.pawn_set(single & allowed & !last_rank, push, Special::None);
            let double = shift(single & third_rank, push) & empty & allowed;
            out.pawn_set(double, 2 * push, Special::DoublePush);
        }
    }

    /// En passant empties two squares of one rank and fills a third, which
    /// can expose the king in ways no pin records: test the king against
    /// the occupancy the capture leaves.
    #[inline(always)]
    fn gen_en_passant<const COUNT: bool>(
        &self,
        out: &mut Emit<'_, COUNT>,
        ep: usize,
        pawns: u64,
        ksq: usize,
        occ: u64,
    ) {
        let us = self.side;
        let cap = if us == Color::White { ep - 8 } else { ep + 8 };
        let mut candidates = PAWN[(!us).index()][ep] & pawns;
        while candidates != 0 {
            let from = pop_lsb(&mut candidates);
            let after = (occ ^ bb(from) ^ bb(cap)) | bb(ep);
            if self.attackers(ksq, !us, after) & !bb(cap) == 0 {
                out.one(from, ep, Role::Pawn, Special::EnPassant);
            }
        }
    }

    /// Castling, for any rook the board still lists (Chess960 rule: every
    /// square between king and rook and their destinations is empty but for
    /// the two of them; the king is not in check, passes no attacked square
    /// and does not end in check).
    #[inline(always)]
    fn gen_castles<const COUNT: bool>(&self, out: &mut Emit<'_, COUNT>, ksq: usize, occ: u64) {
        let us = self.side;
        let them = !us;
        for side in CastlingSide::ALL {
            let Some(rook) = self.castle[us.index()][side.index()] else {
                continue;
            };
            let rf = to_index(rook.to_0x88());
            let (king_to, rook_to) = (side.king_to(us), side.rook_to(us));
            let (kt, rt) = (king_to.index64(), rook_to.index64());
            let movers = bb(ksq) | bb(rf);
            let path = (between(ksq, kt) | bb(kt) | between(rf, rt) | bb(rt)) & !movers;
            if path & occ != 0 {
                continue;
            }
            let final_occ = (occ & !movers) | bb(rt) | bb(kt);
            if self.attackers(kt, them, final_occ) != 0 {
                continue;
            }
            let mut passed = between(ksq, kt);
            let through_king = occ ^ bb(ksq);
            let mut safe = true;
            while passed != 0 {
                if self.attackers(pop_lsb(&mut passed), them, through_king) != 0 {
                    safe = false;
                    break;
                }
            }
            if safe {
                out.one(ksq, kt, Role::King, Special::Castle { rook });
            }
        }
    }
}

/// The side to move's checking squares and discovered-check candidates
/// ([`Board::check_info`]).
#[derive(Clone, Copy, Debug)]
pub struct CheckInfo {
    /// By role: where a piece of the side to move would check.
    squares: [u64; 6],
    /// Pieces of the side to move whose leaving the line uncovers a check.
    discoverers: u64,
    /// The enemy king's square index.
    king: usize,
}

/// Where generated moves go: counted (`COUNT`) or listed.
struct Emit<'a, const COUNT: bool> {
    board: &'a Board,
    list: &'a mut MoveList,
    count: usize,
}

impl<const COUNT: bool> Emit<'_, COUNT> {
    #[inline(always)]
    fn captured(&self, to: usize) -> Option<Role> {
        captured_role(self.board.cells[to_0x88(to) as usize])
    }

    #[inline(always)]
    fn one(&mut self, from: usize, to: usize, piece: Role, special: Special) {
        if COUNT {
            self.count += 1;
            return;
        }
        let captured = if special == Special::EnPassant {
            Some(Role::Pawn)
        } else if let Special::Castle { .. } = special {
            None
        } else {
            self.captured(to)
        };
        self.list.push(Move {
            from: Square::raw(to_0x88(from)),
            to: Square::raw(to_0x88(to)),
            piece,
            captured,
            special,
        });
    }

    /// Moves of one piece to every square of `targets`.
    #[inline(always)]
    fn set(&mut self, from: usize, mut targets: u64, piece: Role) {
        if COUNT {
            self.count += targets.count_ones() as usize;
            return;
        }
        while targets != 0 {
            let to = pop_lsb(&mut targets);
            self.one(from, to, piece, Special::None);
        }
    }

    /// Pawn moves to every square of `targets`, each from `delta` behind.
    #[inline(always)]
    fn pawn_set(&mut self, mut targets: u64, delta: i32, special: Special) {
        if COUNT {
            self.count += targets.count_ones() as usize;
            return;
        }
        while targets != 0 {
            let to = pop_lsb(&mut targets);
            self.one((to as i32 - delta) as usize, to, Role::Pawn, special);
        }
    }

    /// The four promotions for every square of `targets`.
    #[inline(always)]
    fn promotions(&mut self, mut targets: u64, delta: i32) {
        if COUNT {
            self.count += 4 * targets.count_ones() as usize;
            return;
        }
        while targets != 0 {
            let to = pop_lsb(&mut targets);
            let from = (to as i32 - delta) as usize;
            for role in Role::PROMOTIONS {
                self.one(from, to, Role::Pawn, Special::Promotion(role));
            }
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
