//! The board: the handbook's `Board` square array and `PieceTab` piece list,
//! kept in step by one set of primitives (BOARD.CH), plus the game state
//! (side to move, castling rooks, en-passant square, clocks, Zobrist key)
//! and the undo records of the moves played.

use super::bitboard::{bb, to_index};
use super::moves::{Move, Special};
use super::types::{CastlingSide, Color, Piece, Role, Square};
use super::zobrist::KEYS;

/// Cell code of an empty square.
pub(crate) const EMPTY: u8 = 0;
/// A 0x88 number that is never on the board: "no square".
pub(crate) const NO_SQ: u8 = 0x88;

/// Cell code of a piece: colour in bit 3, role + 1 in bits 0–2.
#[inline(always)]
pub(crate) const fn code(color: Color, role: Role) -> u8 {
    (color as u8) << 3 | (role as u8 + 1)
}

/// Colour bit of a (non-empty) cell code, as 0/1.
#[inline(always)]
pub(crate) const fn code_color(code: u8) -> usize {
    (code >> 3) as usize
}

/// Role index of a (non-empty) cell code.
#[inline(always)]
pub(crate) const fn code_role(code: u8) -> usize {
    ((code & 7) - 1) as usize
}

/// One entry of the piece list: where a piece stands and what it is
/// (`code == EMPTY` once captured; the slot is kept so that taking the
/// capture back restores the list exactly, as the handbook's `PieceTab`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct TabEntry {
    pub sq: u8,
    pub code: u8,
}

/// What `make` must remember to take a move back: the handbook recomputes
/// this from `MovTab`; we keep it beside the move (Stockfish's `StateInfo`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Undo {
    pub mv: Move,
    pub castle: [[Option<Square>; 2]; 2],
    pub ep: Option<Square>,
    pub halfmove: u32,
    pub key: u64,
    pub captured_slot: u8,
}

/// A chess position with its game history.
///
/// Squares hold cell codes (the handbook's `Board`); `tab` is the per-colour
/// piece list (`PieceTab`: king at index 0, then officers by value, then
/// pawns; a promoted pawn keeps its slot, so officers may stand among the
/// pawns, as in the handbook).
#[derive(Clone, Debug)]
pub struct Board {
    pub(crate) cells: [u8; 128],
    pub(crate) slot: [u8; 128],
    pub(crate) tab: [[TabEntry; 16]; 2],
    pub(crate) tab_len: [u8; 2],
    /// Bitboards beside the square array (see `bitboard`): occupancy per
    /// colour and per role, for fast legal move generation.
    pub(crate) bb_color: [u64; 2],
    pub(crate) bb_role: [u64; 6],
    pub(crate) side: Color,
    /// Castling rights as the square of the rook that may still castle,
    /// `[colour][CastlingSide::index]` — what Chess960 needs.
    pub(crate) castle: [[Option<Square>; 2]; 2],
    pub(crate) ep: Option<Square>,
    pub(crate) halfmove: u32,
    pub(crate) fullmove: u32,
    pub(crate) key: u64,
    pub(crate) chess960: bool,
    pub(crate) history: Vec<Undo>,
}

/// Iterator over one side's pieces in piece-list order.
pub struct Pieces<'a> {
    entries: std::slice::Iter<'a, TabEntry>,
}

impl Iterator for Pieces<'_> {
    type Item = (Square, Role);
    #[inline]
    fn next(&mut self) -> Option<(Square, Role)> {
        for e in self.entries.by_ref() {
            if e.code != EMPTY {
                return Some((Square::raw(e.sq), Role::from_index(code_role(e.code) as u8)));
            }
        }
        None
    }
}

impl Board {
    /// An empty board, White to move, no castling rights (used by the
    /// parsers, which then validate what they placed).
    pub(crate) fn empty() -> Board {
        Board {
            cells: [EMPTY; 128],
            slot: [0; 128],
            tab: [[TabEntry { sq: 0, code: EMPTY }; 16]; 2],
            tab_len: [0; 2],
            bb_color: [0; 2],
            bb_role: [0; 6],
            side: Color::White,
            castle: [[None; 2]; 2],
            ep: None,
            halfmove: 0,
            fullmove: 1,
            key: 0,
            chess960: false,
            history: Vec::with_capacity(256),
        }
    }

    /// Builds the piece list from the square array, sorted by value: king,
    /// queens, rooks, bishops, knights, pawns (the handbook's
    /// `CalcPieceTab`). Callers have checked one king and at most 16 pieces
    /// per side.
    pub(crate) fn calc_piece_tab(&mut self) {
        const ORDER: [Role; 6] = [
            Role::King,
            Role::Queen,
            Role::Rook,
            Role::Bishop,
            Role::Knight,
            Role::Pawn,
        ];
        for color in Color::ALL {
            let mut n = 0usize;
            for role in ORDER {
                let c = code(color, role);
                for sq in Square::all() {
                    let s = sq.to_0x88();
                    if self.cells[s as usize] == c {
                        self.tab[color.index()][n] = TabEntry { sq: s, code: c };
                        self.slot[s as usize] = n as u8;
                        n += 1;
                    }
                }
            }
            self.tab_len[color.index()] = n as u8;
        }
        (self.bb_color, self.bb_role) = self.compute_bitboards();
        self.key = self.compute_key();
    }

    /// The side to move (the handbook's `Player`).
    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// The piece on a square.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let c = self.cells[sq.to_0x88() as usize];
        if c == EMPTY {
            None
        } else {
            Some(Piece::new(
                Color::ALL[code_color(c)],
                Role::from_index(code_role(c) as u8),
            ))
        }
    }

    /// One side's pieces from the piece list: king first, then officers,
    /// then pawns (promoted pieces keep their pawn's place).
    #[inline]
    pub fn pieces(&self, color: Color) -> Pieces<'_> {
        let c = color.index();
        Pieces {
            entries: self.tab[c][..self.tab_len[c] as usize].iter(),
        }
    }

    /// Where a side's king stands (index 0 of its piece list).
    #[inline]
    pub fn king_square(&self, color: Color) -> Square {
        Square::raw(self.tab[color.index()][0].sq)
    }

    /// The Zobrist key of the position (pieces, side, castling rooks and an
    /// en-passant file where a capture is possible).
    #[inline]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// Plies since the last capture or pawn move (the handbook's
    /// `FiftyMoveCnt`).
    #[inline]
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    /// The FEN full-move number (starts at 1, grows after Black's move).
    #[inline]
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    /// The en-passant target square left by a double pawn push, if any.
    #[inline]
    pub fn en_passant_square(&self) -> Option<Square> {
        self.ep
    }

    /// The rook that may still castle for `color` on `side`.
    #[inline]
    pub fn castling_rook(&self, color: Color, side: CastlingSide) -> Option<Square> {
        self.castle[color.index()][side.index()]
    }

    /// Whether the board plays Chess960 castling notation (set by
    /// [`Board::from_fen_chess960`] or [`Board::set_chess960`]).
    #[inline]
    pub fn is_chess960(&self) -> bool {
        self.chess960
    }

    /// Switches Chess960 notation (UCI castling as king-takes-rook, FEN
    /// castling in Shredder style) on or off. The rules are the same: the
    /// board always knows its castling rooks.
    pub fn set_chess960(&mut self, on: bool) {
        self.chess960 = on;
    }

    /// Number of moves made since the position was set up (including null
    /// moves).
    #[inline]
    pub fn history_len(&self) -> usize {
        self.history.len()
    }

    /// The moves made since the position was set up, oldest first.
    pub fn moves_played(&self) -> impl Iterator<Item = Move> + '_ {
        self.history.iter().map(|u| u.mv)
    }

    /// Forgets the game history (the position stays). Repetitions before
    /// this point are no longer seen.
    pub fn clear_history(&mut self) {
        self.history.clear();
    }

    /// Whether the en-passant square enters the key: only when a pawn of
    /// the side to move stands beside the pawn that just advanced two
    /// squares. Positions differing only in an unusable en-passant square
    /// are the same position for repetitions.
    #[inline]
    pub(crate) fn ep_hashed(&self) -> bool {
        match self.ep {
            None => false,
            Some(ep) => {
                let pawn_sq = ep.to_0x88().wrapping_sub(self.side.forward() as u8);
                let ours = code(self.side, Role::Pawn);
                let left = pawn_sq.wrapping_sub(1);
                let right = pawn_sq.wrapping_add(1);
                (left & 0x88 == 0 && self.cells[left as usize] == ours)
                    || (right & 0x88 == 0 && self.cells[right as usize] == ours)
            }
        }
    }

    #[inline]
    fn ep_key(&self) -> u64 {
        match self.ep {
            Some(ep) if self.ep_hashed() => KEYS.en_passant[ep.file() as usize],
            _ => 0,
        }
    }

    fn castle_key(castle: &[[Option<Square>; 2]; 2]) -> u64 {
        let mut k = 0;
        for (c, sides) in castle.iter().enumerate() {
            for rook in sides.iter().flatten() {
                k ^= KEYS.castle[c][rook.file() as usize];
            }
        }
        k
    }

    /// The Zobrist key computed from scratch: the twin of the incremental
    /// key, checked in debug builds after every make/unmake.
    pub fn compute_key(&self) -> u64 {
        let mut k = 0;
        for sq in Square::all() {
            let c = self.cells[sq.to_0x88() as usize];
            if c != EMPTY {
                k ^= KEYS.piece[c as usize][sq.to_0x88() as usize];
            }
        }
        if self.side == Color::Black {
            k ^= KEYS.black;
        }
        k ^= Board::castle_key(&self.castle);
        k ^ self.ep_key()
    }

    /// The bitboards computed from the square array: the from-scratch twin
    /// of the incrementally kept ones.
    pub(crate) fn compute_bitboards(&self) -> ([u64; 2], [u64; 6]) {
        let mut colors = [0; 2];
        let mut roles = [0; 6];
        for sq in Square::all() {
            let c = self.cells[sq.to_0x88() as usize];
            if c != EMPTY {
                colors[code_color(c)] |= 1 << sq.index64();
                roles[code_role(c)] |= 1 << sq.index64();
            }
        }
        (colors, roles)
    }

    #[inline(always)]
    fn toggle_bits(&mut self, c: u8, mask: u64) {
        self.bb_color[code_color(c)] ^= mask;
        self.bb_role[code_role(c)] ^= mask;
    }

    /// Empties a square without touching the piece list (castling lifts
    /// king and rook before placing them).
    #[inline(always)]
    fn lift(&mut self, sq: u8) {
        let c = self.cells[sq as usize];
        self.toggle_bits(c, bb(to_index(sq)));
        self.cells[sq as usize] = EMPTY;
    }

    // --- The handbook's Perform primitives: MovePiece, DeletePiece,
    // InsertPiece, ChangeType. They keep `cells`, `slot` and `tab` in step;
    // the key is updated by `make` and restored by `unmake`.

    #[inline(always)]
    fn move_piece(&mut self, from: u8, to: u8) {
        let c = self.cells[from as usize];
        let s = self.slot[from as usize];
        self.toggle_bits(c, bb(to_index(from)) | bb(to_index(to)));
        self.cells[to as usize] = c;
        self.cells[from as usize] = EMPTY;
        self.slot[to as usize] = s;
        self.tab[code_color(c)][s as usize].sq = to;
    }

    #[inline(always)]
    fn delete_piece(&mut self, sq: u8) -> u8 {
        let c = self.cells[sq as usize];
        let s = self.slot[sq as usize];
        self.tab[code_color(c)][s as usize].code = EMPTY;
        self.toggle_bits(c, bb(to_index(sq)));
        self.cells[sq as usize] = EMPTY;
        s
    }

    #[inline(always)]
    fn insert_piece(&mut self, sq: u8, c: u8, s: u8) {
        self.toggle_bits(c, bb(to_index(sq)));
        self.cells[sq as usize] = c;
        self.slot[sq as usize] = s;
        self.tab[code_color(c)][s as usize] = TabEntry { sq, code: c };
    }

    #[inline(always)]
    fn change_type(&mut self, sq: u8, c: u8) {
        let m = bb(to_index(sq));
        self.bb_role[code_role(self.cells[sq as usize])] ^= m;
        self.bb_role[code_role(c)] ^= m;
        self.cells[sq as usize] = c;
        let s = self.slot[sq as usize];
        self.tab[code_color(c)][s as usize].code = c;
    }

    /// The key after `mv` for the usual move: the pieces and the side to
    /// move, without the castling rights or the en-passant file the move
    /// may change. A guess of where the next position's table entry lives,
    /// known before the move is made (the search prefetches it); never a
    /// key to trust.
    #[inline]
    pub fn key_after(&self, mv: Move) -> u64 {
        let us = self.side;
        let keys = &KEYS;
        let moving = code(us, mv.piece) as usize;
        let to = mv.to.to_0x88() as usize;
        let landing = code(us, mv.promotion().unwrap_or(mv.piece)) as usize;
        let mut key = self.key ^ self.ep_key() ^ keys.black;
        key ^= keys.piece[moving][mv.from.to_0x88() as usize] ^ keys.piece[landing][to];
        if let Some(cap) = mv.captured
            && !mv.is_en_passant()
        {
            key ^= keys.piece[code(!us, cap) as usize][to];
        }
        key
    }

    /// Plays a move known to be legal in this position (from
    /// [`Board::legal_moves`] or a checked parser): the handbook's
    /// `Perform(Move, false)`. No allocation once the history has grown to
    /// the game's length.
    pub fn make(&mut self, mv: Move) {
        let undo = self.apply(mv);
        self.history.push(undo);
        debug_assert!(
            self.is_consistent(),
            "key, bitboards or piece list after {mv}"
        );
    }

    /// Plays `mv` without recording the undo record (returned instead).
    pub(crate) fn apply(&mut self, mv: Move) -> Undo {
        let us = self.side;
        let them = !us;
        let from = mv.from.to_0x88();
        let to = mv.to.to_0x88();
        let mut undo = Undo {
            mv,
            castle: self.castle,
            ep: self.ep,
            halfmove: self.halfmove,
            key: self.key,
            captured_slot: 0,
        };
        let keys = &KEYS;
        let mut key = self.key ^ self.ep_key() ^ keys.black;
        self.ep = None;
        self.halfmove += 1;
        let moving = code(us, mv.piece);
        match mv.special {
            Special::Castle { rook } => {
                let rook_to = CastlingSide::of_rook(mv.from, rook).rook_to(us);
                let (rf, rt) = (rook.to_0x88(), rook_to.to_0x88());
                let rook_code = code(us, Role::Rook);
                let ks = self.slot[from as usize];
                let rs = self.slot[rf as usize];
                // Lift both before placing either: in Chess960 a piece may
                // land where the other stood.
                self.lift(from);
                self.lift(rf);
                self.insert_piece(to, moving, ks);
                self.insert_piece(rt, rook_code, rs);
                key ^= keys.piece[moving as usize][from as usize]
                    ^ keys.piece[moving as usize][to as usize]
                    ^ keys.piece[rook_code as usize][rf as usize]
                    ^ keys.piece[rook_code as usize][rt as usize];
            }
            Special::EnPassant => {
                let cap = to.wrapping_sub(us.forward() as u8);
                undo.captured_slot = self.delete_piece(cap);
                self.move_piece(from, to);
                let pawn = code(them, Role::Pawn);
                key ^= keys.piece[pawn as usize][cap as usize]
                    ^ keys.piece[moving as usize][from as usize]
                    ^ keys.piece[moving as usize][to as usize];
                self.halfmove = 0;
            }
            special => {
                if let Some(cap) = mv.captured {
                    undo.captured_slot = self.delete_piece(to);
                    key ^= keys.piece[code(them, cap) as usize][to as usize];
                }
                self.move_piece(from, to);
                key ^= keys.piece[moving as usize][from as usize];
                match special {
                    Special::Promotion(role) => {
                        let new = code(us, role);
                        self.change_type(to, new);
                        key ^= keys.piece[new as usize][to as usize];
                    }
                    _ => key ^= keys.piece[moving as usize][to as usize],
                }
                if mv.piece == Role::Pawn || mv.captured.is_some() {
                    self.halfmove = 0;
                }
                if special == Special::DoublePush {
                    self.ep = Some(Square::raw(from.wrapping_add(us.forward() as u8)));
                }
            }
        }
        // Castling rights: lost when the king moves or a castling rook
        // leaves or is captured on its square.
        let old_castle = self.castle;
        if mv.piece == Role::King {
            self.castle[us.index()] = [None; 2];
        } else if mv.piece == Role::Rook {
            for r in &mut self.castle[us.index()] {
                if *r == Some(mv.from) {
                    *r = None;
                }
            }
        }
        if mv.captured.is_some() {
            for r in &mut self.castle[them.index()] {
                if *r == Some(mv.to) {
                    *r = None;
                }
            }
        }
        if old_castle != self.castle {
            key ^= Board::castle_key(&old_castle) ^ Board::castle_key(&self.castle);
        }
        self.side = them;
        if us == Color::Black {
            self.fullmove += 1;
        }
        self.key = key ^ self.ep_key();
        undo
    }

    /// Takes back the last move or null move: the handbook's
    /// `Perform(Move, true)`.
    ///
    /// # Panics
    /// If no move has been made.
    pub fn unmake(&mut self) {
        let undo = self
            .history
            .pop()
            .expect("unmake without a move to take back");
        self.revert(&undo);
        debug_assert!(
            self.is_consistent(),
            "key, bitboards or piece list after unmake"
        );
    }

    pub(crate) fn revert(&mut self, undo: &Undo) {
        let mv = undo.mv;
        let them = self.side;
        let us = !them;
        self.side = us;
        if us == Color::Black {
            self.fullmove -= 1;
        }
        self.castle = undo.castle;
        self.ep = undo.ep;
        self.halfmove = undo.halfmove;
        self.key = undo.key;
        if mv.is_null() {
            return;
        }
        let from = mv.from.to_0x88();
        let to = mv.to.to_0x88();
        match mv.special {
            Special::Castle { rook } => {
                let rook_to = CastlingSide::of_rook(mv.from, rook).rook_to(us);
                let rt = rook_to.to_0x88();
                let ks = self.slot[to as usize];
                let rs = self.slot[rt as usize];
                self.lift(to);
                self.lift(rt);
                self.insert_piece(from, code(us, Role::King), ks);
                self.insert_piece(rook.to_0x88(), code(us, Role::Rook), rs);
            }
            Special::EnPassant => {
                self.move_piece(to, from);
                let cap = to.wrapping_sub(us.forward() as u8);
                self.insert_piece(cap, code(them, Role::Pawn), undo.captured_slot);
            }
            special => {
                if let Special::Promotion(_) = special {
                    self.change_type(to, code(us, Role::Pawn));
                }
                self.move_piece(to, from);
                if let Some(cap) = mv.captured {
                    self.insert_piece(to, code(them, cap), undo.captured_slot);
                }
            }
        }
    }

    /// Passes the move to the opponent (for null-move pruning). The
    /// en-passant square is cleared; take it back with
    /// [`Board::unmake_null`].
    pub fn make_null(&mut self) {
        let undo = Undo {
            mv: Move::NULL,
            castle: self.castle,
            ep: self.ep,
            halfmove: self.halfmove,
            key: self.key,
            captured_slot: 0,
        };
        self.key ^= self.ep_key() ^ KEYS.black;
        self.ep = None;
        self.halfmove += 1;
        if self.side == Color::Black {
            self.fullmove += 1;
        }
        self.side = !self.side;
        self.history.push(undo);
        debug_assert_eq!(self.key, self.compute_key(), "key after null move");
    }

    /// Takes back a null move made by [`Board::make_null`].
    ///
    /// # Panics
    /// If the last move made was not a null move.
    pub fn unmake_null(&mut self) {
        assert!(
            self.history.last().is_some_and(|u| u.mv.is_null()),
            "unmake_null without a null move to take back"
        );
        self.unmake();
    }

    /// A copy of the position without the game history, for look-ahead
    /// questions (`gives_check`, SAN suffixes) that must not allocate.
    pub(crate) fn scratch_copy(&self) -> Board {
        Board {
            cells: self.cells,
            slot: self.slot,
            tab: self.tab,
            tab_len: self.tab_len,
            bb_color: self.bb_color,
            bb_role: self.bb_role,
            side: self.side,
            castle: self.castle,
            ep: self.ep,
            halfmove: self.halfmove,
            fullmove: self.fullmove,
            key: self.key,
            chess960: self.chess960,
            history: Vec::new(),
        }
    }

    /// Checks that the square array, the piece list and the key agree: the
    /// from-scratch twin of every incremental structure, for tests and
    /// debug assertions.
    pub fn is_consistent(&self) -> bool {
        for c in 0..2 {
            for (i, e) in self.tab[c][..self.tab_len[c] as usize].iter().enumerate() {
                if e.code != EMPTY
                    && (self.cells[e.sq as usize] != e.code
                        || self.slot[e.sq as usize] as usize != i)
                {
                    return false;
                }
            }
            if self.tab[c][0].code != code(Color::ALL[c], Role::King) {
                return false;
            }
        }
        let listed: usize = (0..2)
            .map(|c| {
                self.tab[c][..self.tab_len[c] as usize]
                    .iter()
                    .filter(|e| e.code != EMPTY)
                    .count()
            })
            .sum();
        let on_board = Square::all()
            .filter(|s| self.cells[s.to_0x88() as usize] != EMPTY)
            .count();
        listed == on_board
            && self.key == self.compute_key()
            && (self.bb_color, self.bb_role) == self.compute_bitboards()
    }
}

impl PartialEq for Board {
    /// Same position: placement, side, castling rooks, en-passant square
    /// and clocks (the history is not compared).
    fn eq(&self, other: &Board) -> bool {
        self.cells == other.cells
            && self.side == other.side
            && self.castle == other.castle
            && self.ep == other.ep
            && self.halfmove == other.halfmove
            && self.fullmove == other.fullmove
    }
}

impl Eq for Board {}
