package core

// Castling in standard chess and Chess960 (FIDE Laws of Chess, article
// 3.8.2, and Guidelines II "Chess960 Rules", II.3 "Castling"): the king
// and a rook of its colour on their back rank, the rook on the side the
// right names; after O-O (the king side, toward the h-file) the
// king stands on g and the rook on f, after O-O-O (toward the a-file) the
// king on c and the rook on d, whatever their files before. Standard chess
// is the case of the king on e and the rooks in the corners.

// colorRights returns the two castling flags of colour c.
func colorRights(c Color) CastlingRights { return (WhiteKingside | WhiteQueenside) << (2 * (c & 1)) }

// backRank returns colour c's back rank: rank 1 for White, rank 8 for Black.
func backRank(c Color) Rank { return Rank(7 * (c & 1)) }

// castlingKingFile returns the file the castling rights of colour c are
// read against: the file of c's king when one stands on c's back rank (the
// one on the lowest file), else e, the king's file in standard chess. A
// right's rook lies on the h-file side of it for K and k, on the a-file
// side for Q and q.
func (p *Position) castlingKingFile(c Color) File {
	if k := p.Pieces(NewPiece(c, King)) & (Rank1BB << (8 * Square(backRank(c)))); k != 0 {
		return k.LSB().File()
	}
	return FileE
}

// OutermostRook returns the file of the rook that right r (one of
// WhiteKingside … BlackQueenside) names in the KQkq letters of X-FEN
// (Reinhard Scharnagl's extension of FEN for Chess960): the rook of r's
// colour on its back rank farthest from the king on r's side (the h-file
// side for K and k, the a-file side for Q and q), the king being the one on
// that back rank (on the e-file when there is none there). When no rook
// stands there, the corner's file (h or a), as in standard chess: the
// right then gives no castling move. It is the file [ParseFEN] gives a
// right written K, Q, k or q, and the file an editor gives a right it
// grants.
func (p *Position) OutermostRook(r CastlingRights) File {
	i := rightIndex(r)
	if i > 3 {
		return FileH
	}
	c := Color(i / 2)
	rank := backRank(c)
	kf := p.castlingKingFile(c)
	rook := NewPiece(c, Rook)
	if i&1 == 0 {
		for f := FileH; f > kf; f-- {
			if p.mailbox[NewSquare(f, rank)] == rook {
				return f
			}
		}
	} else {
		for f := FileA; f < kf; f++ {
			if p.mailbox[NewSquare(f, rank)] == rook {
				return f
			}
		}
	}
	return cornerFile(i)
}

// Chess960 reports whether p holds a castling right that standard chess
// cannot have: its rook off the corner, or its king on its back rank off
// the e-file. Such a position needs Chess960's castling rules: its FEN
// names rooks by file where KQkq cannot (X-FEN), and UCI writes its
// castling moves king-takes-rook ([Move.UCIChess960]), as engines do with
// the option UCI_Chess960 set. A Chess960 game whose castling rights are
// gone, or whose king and rooks start where standard chess has them, is a
// standard position.
func (p *Position) Chess960() bool {
	cr := p.Castling
	switch {
	case cr.Rights() == 0:
		return false
	case !cr.Standard():
		return true
	}
	for c := White; c <= Black; c++ {
		if cr&colorRights(c) != 0 && p.castlingKingFile(c) != FileE {
			return true
		}
	}
	return false
}

// castlingRook returns the squares of the king and the rook that right i
// (0–3: K, Q, k, q) castles with, and whether they stand where castling
// needs them: the colour's king on its back rank (king is NoSquare when
// none is) and a rook of its colour on the right's file of that rank, on
// the right's side of the king.
func (p *Position) castlingRook(i int) (king, rook Square, ok bool) {
	c := Color(i / 2)
	rank := backRank(c)
	rook = NewSquare(p.Castling.RookFile(1<<i), rank)
	kings := p.Pieces(NewPiece(c, King)) & (Rank1BB << (8 * Square(rank)))
	if kings == 0 {
		return NoSquare, rook, false
	}
	king = kings.LSB()
	ok = p.mailbox[rook] == NewPiece(c, Rook) && (rook > king) == (i&1 == 0)
	return king, rook, ok
}

// castlingTargets returns where the king and the rook stand after castling
// with the rook from rook: g and f on the king's rank when the rook is on
// the h-file side of king, else c and d.
func castlingTargets(king, rook Square) (kingTo, rookTo Square) {
	rank := king.Rank()
	if rook > king {
		return NewSquare(FileG, rank), NewSquare(FileF, rank)
	}
	return NewSquare(FileC, rank), NewSquare(FileD, rank)
}

// castlingLost returns p's castling rights after piece pc moves from from
// to to: a king's move (castling too) loses both of its colour's rights,
// and a move from or to a right's rook square (the rook leaving, or
// captured) loses that right.
func (p *Position) castlingLost(pc Piece, from, to Square) CastlingRights {
	cr := p.Castling
	if pc.Type() == King {
		cr = cr.Without(colorRights(pc.Color()))
	}
	if cr.Standard() { // every rook in its corner: a table, as standard chess needs
		return cr &^ cornerLost[from] &^ cornerLost[to]
	}
	if (from.Bitboard()|to.Bitboard())&(Rank1BB|Rank8BB) == 0 {
		return cr
	}
	for i := range 4 {
		r := CastlingRights(1) << i
		if cr&r == 0 {
			continue
		}
		if sq := NewSquare(cr.RookFile(r), backRank(Color(i/2))); sq == from || sq == to {
			cr = cr.Without(r)
		}
	}
	return cr
}

// Chess960Start returns start position n (0–959) of Chess960 in the
// standard numbering of its start positions (Reinhard Scharnagl's, which
// FIDE's Laws use: SP 518 is the standard RNBQKBNR): n mod 4 puts the
// light-square bishop on b, d, f or h; the next digit base 4 the
// dark-square bishop on a, c, e or g; the next base 6 the queen on the
// n-th empty square; the rest (0–9) the two knights on the five left, in
// the order of their pairs (ab, ac, ad, ae, bc, bd, be, cd, ce, de); the
// king between the rooks on the last three. Black mirrors White; the
// castling rights are all four (KQkq in X-FEN). ok is false for n outside
// 0–959, with the empty position.
func Chess960Start(n int) (p Position, ok bool) {
	p = NewPosition()
	if n < 0 || n > 959 {
		return p, false
	}
	var rank [8]PieceType // 0: not yet placed (Pawn is never placed here)
	rank[1+2*(n%4)] = Bishop
	n /= 4
	rank[2*(n%4)] = Bishop
	n /= 4
	nth := func(k int) int { // the file of the k-th empty square
		for f, pt := range rank {
			if pt == 0 {
				if k == 0 {
					return f
				}
				k--
			}
		}
		return -1
	}
	rank[nth(n%6)] = Queen
	n /= 6
	knights := [10]uint8{0x01, 0x02, 0x03, 0x04, 0x12, 0x13, 0x14, 0x23, 0x24, 0x34}[n]
	a, b := nth(int(knights>>4)), nth(int(knights&15))
	rank[a], rank[b] = Knight, Knight
	rank[nth(0)], rank[nth(1)], rank[nth(2)] = Rook, King, Rook
	for f, pt := range rank {
		p.put(NewPiece(White, pt), NewSquare(File(f), Rank1))
		p.put(NewPiece(White, Pawn), NewSquare(File(f), Rank2))
		p.put(NewPiece(Black, Pawn), NewSquare(File(f), Rank7))
		p.put(NewPiece(Black, pt), NewSquare(File(f), Rank8))
	}
	for i := range 4 {
		r := CastlingRights(1) << i
		p.Castling = p.Castling.WithRook(r, p.OutermostRook(r))
	}
	return p, true
}

// cornerLost maps each square to the castling right whose rook stands
// there in standard chess: h1 K, a1 Q, h8 k, a8 q.
var cornerLost = func() (t [SquareCount]CastlingRights) {
	t[H1], t[A1], t[H8], t[A8] = WhiteKingside, WhiteQueenside, BlackKingside, BlackQueenside
	return t
}()
