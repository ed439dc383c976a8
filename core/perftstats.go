package core

// PerftStats counts the leaves of a perft by the kind of move that reaches
// them, the columns of the Chess Programming Wiki's "Perft Results"
// tables: a move into a leaf is counted in each kind it is (a capture
// that promotes and checks counts as a capture, a promotion and a check).
// Like the nodes, every kind counts moves to the leaves only ("the move
// counters consider moves to the leaf positions only", the same page):
// the moves above the last ply are not counted.
type PerftStats struct {
	Nodes      uint64 // leaves: Perft's count
	Captures   uint64 // moves that capture a piece, en passant included
	EnPassant  uint64 // en passant captures
	Castles    uint64 // castling moves
	Promotions uint64 // promotions, each of the four pieces a pawn may become counted
	Checks     uint64 // moves after which the side to move is in check (checkmates included)
	// DiscoveredChecks counts the checks given by no piece the move
	// placed (neither the moved piece, a promoted pawn's new piece, nor a
	// castling rook): the move opened a line from a piece that stayed.
	// A double check given by the moved piece and a discovered one is a
	// double check, not a discovered check (so the wiki's tables count
	// them, its start position giving 329 and 46 at depth 6).
	DiscoveredChecks uint64
	DoubleChecks     uint64 // checks by two pieces at once
	Checkmates       uint64 // checks the side to move cannot answer
}

// Add adds the counts of o to s.
func (s *PerftStats) Add(o PerftStats) {
	s.Nodes += o.Nodes
	s.Captures += o.Captures
	s.EnPassant += o.EnPassant
	s.Castles += o.Castles
	s.Promotions += o.Promotions
	s.Checks += o.Checks
	s.DiscoveredChecks += o.DiscoveredChecks
	s.DoubleChecks += o.DoubleChecks
	s.Checkmates += o.Checkmates
}

// PerftWithStats counts the leaves of p's legal move tree to depth plies
// as Perft does, and the moves into them by kind (see PerftStats). Every
// move of the last ply is played to see whether it checks (no bulk
// counting), so it runs several times slower than Perft. A depth of 0 or
// less gives one node and no move. It does not allocate.
func PerftWithStats(p Position, depth int) PerftStats {
	if depth <= 0 {
		return PerftStats{Nodes: 1}
	}
	var s PerftStats
	perftStats(&p, depth, &s)
	return s
}

// perftStats adds the counts of the tree below p, depth ≥ 1, to s.
func perftStats(p *Position, depth int, s *PerftStats) {
	var buf [MaxMoves]Move
	moves := p.LegalMoves(buf[:0])
	var next Position
	for _, m := range moves {
		next = *p
		next.Play(m)
		if depth > 1 {
			perftStats(&next, depth-1, s)
			continue
		}
		s.addLeaf(p, &next, m)
	}
}

// addLeaf counts the move m of p, which reached next, by its kinds.
func (s *PerftStats) addLeaf(p, next *Position, m Move) {
	s.Nodes++
	if m.IsCapture() {
		s.Captures++
	}
	if m.IsEnPassant() {
		s.EnPassant++
	}
	if m.IsCastling() {
		s.Castles++
	}
	if _, ok := m.Promotion(); ok {
		s.Promotions++
	}
	them := next.SideToMove
	ksq := next.King(them)
	if ksq >= NoSquare {
		return
	}
	checkers := next.attackersWith(ksq, p.SideToMove, next.Occupied(), 0)
	if checkers == 0 {
		return
	}
	s.Checks++
	placed := m.To().Bitboard()
	if m.IsCastling() {
		_, rookTo := castlingTargets(m.From(), m.CastlingRook())
		placed |= rookTo.Bitboard()
	}
	switch {
	case checkers&(checkers-1) != 0:
		s.DoubleChecks++
	case checkers&placed == 0:
		s.DiscoveredChecks++
	}
	if next.countLegal() == 0 {
		s.Checkmates++
	}
}
