package core

// Perft counts the leaf nodes of the legal move tree of p to the given
// depth in plies ("performance test", Chess Programming Wiki "Perft"):
// 1 for depth 0, the number of legal moves for depth 1, and so on. The
// counts of published positions (Chess Programming Wiki "Perft Results")
// check a move generator: the start position gives 20, 400, 8902, 197281,
// 4865609 for depths 1 to 5. Moves are made by copy-make ([Position.Play]
// on a copy), and the last ply is counted without being played (bulk
// counting). Perft does not allocate. A negative depth counts as 0.
func Perft(p Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	return perft(&p, depth)
}

// perft counts the leaves below p, depth ≥ 1 plies deep.
func perft(p *Position, depth int) uint64 {
	var buf [MaxMoves]Move
	moves := p.LegalMoves(buf[:0])
	if depth == 1 {
		return uint64(len(moves))
	}
	var nodes uint64
	var next Position // declared outside the loop so that &next stays on the stack
	for _, m := range moves {
		next = *p
		next.Play(m)
		nodes += perft(&next, depth-1)
	}
	return nodes
}
